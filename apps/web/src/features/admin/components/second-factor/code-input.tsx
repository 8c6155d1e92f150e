import { Input } from 'antd';

/** The six digits an authenticator app shows: digits only, and the phone's one-time-code autofill. */
export function CodeInput({ id, value, onChange }: { id: string; value: string; onChange: (code: string) => void }) {
  return (
    <Input
      id={id}
      className="second-factor__code"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      autoFocus
    />
  );
}
