import { useState } from 'react';
import { PhoneInput, type PhoneInputProps } from '../shared/ui/phone-input/phone-input.tsx';

/** The input held by React state, as a form would hold it, reporting every change it accepts. */
export function Controlled({ initial = '', ...props }: PhoneInputProps & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <PhoneInput
      {...props}
      value={value}
      onChange={(next, meta) => {
        setValue(next);
        props.onChange?.(next, meta);
      }}
    />
  );
}
