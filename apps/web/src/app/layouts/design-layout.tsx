import { EditOutlined, FontSizeOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StudioProjectPicker } from '../../features/project/components/studio-project-picker.tsx';
import { PATHS } from '../../shared/routes/paths.ts';
import { StudioProjectSlotContext } from '../../shared/studio/studio-project.ts';
import { SideLayout } from './side-layout.tsx';

export function DesignLayout() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.iterationRendering, icon: <SyncOutlined />, label: t('routes.iterationRendering') },
    { to: PATHS.textGenerate, icon: <FontSizeOutlined />, label: t('routes.textGenerate') },
    { to: PATHS.stepEditing, icon: <EditOutlined />, label: t('routes.stepEditing') },
  ];
  // The studio pages draw the projects feature's picker in their header through this slot.
  return (
    <StudioProjectSlotContext.Provider value={<StudioProjectPicker />}>
      <SideLayout label={t('routes.design')} links={links} />
    </StudioProjectSlotContext.Provider>
  );
}
