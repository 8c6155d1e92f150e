import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { i18n } from '../../i18n/i18n.ts';
import { PhoneInput, type PhoneInputMeta } from './phone-input.tsx';
import { Controlled } from '../../../test/controlled-phone-input.tsx';

const spy = () => vi.fn<(value: string, meta: PhoneInputMeta) => void>();
const input = () => screen.getByRole<HTMLInputElement>('textbox');
const values = (onChange: ReturnType<typeof spy>) => onChange.mock.calls.map(([v]) => v);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
});

describe('valid characters', () => {
  it('reverts a change that brings in other characters', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<Controlled defaultCountry="CN" autoFormat={false} onChange={onChange} />);
    await user.type(input(), '1a3.8x');
    expect(input()).toHaveValue('138');
    expect(values(onChange)).toEqual(['1', '13', '138']);
    await user.type(input(), ' (0)-+');
    expect(input()).toHaveValue('138 (0)-+');
  });

  it('puts the caret back where it was after a refused character', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" autoFormat={false} initial="13878" />);
    await user.click(input());
    input().setSelectionRange(3, 3);
    await user.keyboard('x5');
    expect(input()).toHaveValue('138578');
  });

  it('allows anything when onlyValidCharacters is false', async () => {
    const user = userEvent.setup();
    render(<Controlled onlyValidCharacters={false} autoFormat={false} />);
    await user.type(input(), '1a3.8');
    expect(input()).toHaveValue('1a3.8');
  });

  it('lets an outside value with other characters still be edited', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="12x" autoFormat={false} />);
    await user.type(input(), '{Backspace}3');
    expect(input()).toHaveValue('123');
  });

  it('refuses a change the pattern does not match', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<Controlled pattern={/^\+?[\d ]*$/g} autoFormat={false} onChange={onChange} />);
    await user.type(input(), '+1-2 (3)');
    expect(input()).toHaveValue('+12 3');
    expect(values(onChange).some((v) => /[-()]/.test(v))).toBe(false);
  });

  it('keeps the typed text when only the formatting breaks the pattern', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" pattern={/^\+\d*$/} />);
    await user.type(input(), '+8613812345678');
    expect(input()).toHaveValue('+8613812345678');
  });

  it('refuses input longer than maxLength, 25 by default', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled autoFormat={false} />);
    await user.type(input(), '1'.repeat(30));
    expect(input()).toHaveValue('1'.repeat(25));
    unmount();

    render(<Controlled autoFormat={false} maxLength={5} />);
    await user.type(input(), '1234567');
    expect(input()).toHaveValue('12345');
    await user.click(input());
    await user.paste('99');
    expect(input()).toHaveValue('12345');
  });

  it('never accepts more than 250 characters, whatever maxLength says', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<Controlled autoFormat={false} onlyValidCharacters={false} maxLength={1000} onChange={onChange} />);
    await user.click(input());
    await user.paste('1'.repeat(251));
    expect(input()).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
    await user.paste(' '.repeat(248) + '12');
    expect(onChange).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ valid: false }));
  });
});

describe('auto-format', () => {
  it('writes international numbers by default', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<Controlled defaultCountry="CN" onChange={onChange} />);
    await user.type(input(), '13812345678');
    expect(input()).toHaveValue('+86 138 1234 5678');
    await user.clear(input());
    await user.type(input(), '+8613812345678');
    expect(input()).toHaveValue('+86 138 1234 5678');
    expect(onChange).toHaveBeenLastCalledWith('+86 138 1234 5678', {
      country: 'CN',
      valid: true,
      e164: '+8613812345678',
      error: undefined,
    });
  });

  it('writes the national form for the active country', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled defaultCountry="CN" autoFormat="national" />);
    await user.type(input(), '13812345678');
    expect(input()).toHaveValue('138 1234 5678');
    unmount();
    render(<Controlled defaultCountry="US" autoFormat="national" />);
    await user.type(input(), '2015550123');
    expect(input()).toHaveValue('(201) 555-0123');
  });

  it('leaves the text as typed when false', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" autoFormat={false} />);
    await user.type(input(), '138-1234 5678');
    expect(input()).toHaveValue('138-1234 5678');
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" autoFormat="national" initial="138 1234 567" />);
    await user.click(input());
    input().setSelectionRange(2, 2);
    await user.keyboard('0');
    expect(input()).toHaveValue('130 8123 4567');
    expect(input().selectionStart).toBe(3);
  });

  it('deletes the digit before a formatting space on Backspace', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" autoFormat="national" initial="138 1234 5678" />);
    await user.click(input());
    input().setSelectionRange(4, 4);
    await user.keyboard('{Backspace}');
    expect(input()).toHaveValue('131 2345 678');
    expect(input().selectionStart).toBe(2);
  });

  it('can be emptied with Backspace', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" />);
    await user.type(input(), '1');
    expect(input()).toHaveValue('+86 1');
    await user.type(input(), '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input()).toHaveValue('');
  });
});

describe('validation', () => {
  it('reports too short, too long, invalid and valid in the change meta', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<Controlled defaultCountry="CN" autoFormat={false} onChange={onChange} />);
    await user.type(input(), '1');
    expect(onChange).toHaveBeenLastCalledWith('1', { country: 'CN', valid: false, error: 'too_short' });
    await user.type(input(), '2345');
    expect(onChange).toHaveBeenLastCalledWith('12345', expect.objectContaining({ valid: false, error: 'invalid' }));
    await user.clear(input());
    await user.type(input(), '1'.repeat(18));
    expect(onChange).toHaveBeenLastCalledWith('1'.repeat(18), expect.objectContaining({ error: 'too_long' }));
    await user.clear(input());
    await user.type(input(), '13812345678');
    expect(onChange).toHaveBeenLastCalledWith('13812345678', {
      country: 'CN',
      valid: true,
      e164: '+8613812345678',
      error: undefined,
    });
  });

  it('shows the invalid message only after blur, and hides it once valid', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" aria-label="Mobile" />);
    await user.type(screen.getByRole('textbox', { name: 'Mobile' }), '+86 123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('Please enter a valid phone number');

    await user.clear(input());
    await user.type(input(), '+8613812345678');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it('says too short or too long when that is the problem', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" autoFormat={false} />);
    await user.type(input(), '1');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number is too short');
    await user.type(input(), '1'.repeat(17));
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number is too long');
  });

  it('shows a custom message, the Chinese default, or nothing when showValidation is false', async () => {
    const user = userEvent.setup();
    const first = render(<Controlled defaultCountry="CN" invalidMessage="Bad number" />);
    await user.type(input(), '+86 123');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Bad number');
    first.unmount();

    await act(() => i18n.changeLanguage('zh'));
    const second = render(<Controlled defaultCountry="CN" />);
    await user.type(input(), '+86 123');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('请输入有效的手机号码');
    second.unmount();

    render(<Controlled defaultCountry="CN" showValidation={false} />);
    await user.type(input(), '+86 123');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing about an empty field', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" />);
    await user.click(input());
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('inside a form', () => {
  // antd's form grid reads breakpoints, which jsdom does not provide.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('works as a Form.Item control and clears on reset', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    function Host() {
      const [form] = Form.useForm();
      return (
        <Form form={form} onValuesChange={(_changed, all) => onValues(all)}>
          <Form.Item label="Phone" name="phone">
            <PhoneInput defaultCountry="CN" placeholder="138 0000 0000" data-testid="phone" size="large" />
          </Form.Item>
          <button type="button" onClick={() => form.resetFields()}>
            reset
          </button>
          <button type="button" onClick={() => form.setFieldsValue({ phone: '+44 20 7946 0958' })}>
            set
          </button>
          <button type="button" onClick={() => form.setFieldsValue({ phone: undefined })}>
            clear
          </button>
        </Form>
      );
    }
    render(<Host />);
    const field = screen.getByLabelText('Phone');
    expect(field).toBe(screen.getByTestId('phone'));
    expect(field).toHaveAttribute('placeholder', '138 0000 0000');
    await user.type(field, '13812345678');
    expect(onValues).toHaveBeenLastCalledWith({ phone: '+86 138 1234 5678' });

    await user.click(screen.getByRole('button', { name: 'reset' }));
    // Resetting remounts the control, so look the input up again.
    expect(screen.getByTestId('phone')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(screen.getByTestId('phone')).toHaveValue('+44 20 7946 0958');
    expect(screen.getByRole('button', { name: /^Country/ })).toHaveAccessibleName('Country: United Kingdom +44');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByTestId('phone')).toHaveValue('');
  });

  it('keeps its own value when uncontrolled and focuses itself with autoFocus', async () => {
    const user = userEvent.setup();
    const onChange = spy();
    render(<PhoneInput defaultCountry="CN" autoFocus onChange={onChange} />);
    expect(input()).toHaveFocus();
    await user.keyboard('13812345678');
    expect(input()).toHaveValue('+86 138 1234 5678');
    expect(onChange).toHaveBeenLastCalledWith('+86 138 1234 5678', expect.objectContaining({ valid: true }));
  });
});
