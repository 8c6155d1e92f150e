import { InvitationCard } from '../features/billing/components/invitation-card.tsx';
import { RedeemCard } from '../features/billing/components/redeem-card.tsx';
import { ProfilePage } from '../features/user/pages/profile-page.tsx';

/** The user centre's profile, with the billing cards (invitation, redemption) composed in. */
export function ProfileRoute() {
  return (
    <ProfilePage
      extra={
        <>
          <InvitationCard />
          <RedeemCard />
        </>
      }
    />
  );
}
