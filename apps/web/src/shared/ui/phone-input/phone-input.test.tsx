import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCountries } from 'libphonenumber-js';
import { i18n } from '../../i18n/i18n.ts';
import { PhoneInput, type PhoneInputMeta } from './phone-input.tsx';
import { Controlled } from '../../../test/controlled-phone-input.tsx';

const countryButton = () => screen.getByRole('button', { name: /^Country/ });
const listbox = () => screen.getByRole('listbox');
const optionNames = () => screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'));
const highlightedName = () => {
  const id = listbox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.getAttribute('aria-label') : undefined;
};
// Canada, Chad, Chile, China, Finland, France in English.
const SIX = ['CN', 'CL', 'TD', 'FR', 'FI', 'CA'];

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('country dropdown', () => {
  it('names the country button and lists flag, localised name and dial code', async () => {
    const user = userEvent.setup();
    render(<PhoneInput defaultCountry="CN" />);
    expect(countryButton()).toHaveAccessibleName('Country: China +86');
    await waitFor(() => expect(countryButton().querySelector('img.phone-input__flag')).not.toBeNull());
    expect(countryButton()).toHaveTextContent(/^\+86$/);
    expect(countryButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(countryButton());
    expect(listbox()).toHaveFocus();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'true');
    const china = screen.getByRole('option', { name: 'China +86' });
    expect(china).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(china.querySelector('img.phone-input__flag')).not.toBeNull());
    expect(china).toHaveTextContent(/^China\+86$/);
    expect(screen.getByRole('option', { name: 'France +33' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('option')).toHaveLength(getCountries().length);
  });

  it('shows names in Chinese when the language is zh', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    render(<PhoneInput defaultCountry="CN" />);
    expect(screen.getByRole('button', { name: '国家/地区：中国 +86' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /国家/ }));
    expect(screen.getByRole('option', { name: '美国 +1' })).toBeInTheDocument();
  });

  it('opens with ArrowDown or ArrowUp on the focused button and moves the highlight with arrows', async () => {
    const user = userEvent.setup();
    render(<PhoneInput onlyCountries={SIX} defaultCountry="CN" />);
    countryButton().focus();
    await user.keyboard('{ArrowDown}');
    expect(listbox()).toHaveFocus();
    expect(highlightedName()).toBe('China +86');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlightedName()).toBe('France +33');
    await user.keyboard('{ArrowDown}');
    expect(highlightedName()).toBe('France +33');
    await user.keyboard('{ArrowUp}');
    expect(highlightedName()).toBe('Finland +358');
    await user.keyboard('{Home}');
    expect(highlightedName()).toBe('Canada +1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowUp}');
    expect(listbox()).toBeInTheDocument();
  });

  it('selects the highlighted option with Enter, closes and moves focus to the number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onlyCountries={SIX} defaultCountry="CN" onChange={onChange} />);
    countryButton().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('Country: Finland +358');
    expect(screen.getByRole('textbox')).toHaveFocus();
    // Nothing typed yet, so nothing to report.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('selects an option by click', async () => {
    const user = userEvent.setup();
    render(<PhoneInput defaultCountry="CN" />);
    await user.click(countryButton());
    await user.click(screen.getByRole('option', { name: 'Japan +81' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('Country: Japan +81');
  });

  it('closes on Escape (focus back on the button), Tab, a click outside and a second click', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PhoneInput defaultCountry="CN" />
        <button type="button">elsewhere</button>
      </>,
    );
    await user.click(countryButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveFocus();

    await user.click(countryButton());
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveFocus();

    await user.click(countryButton());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(countryButton());
    await user.click(countryButton());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('Country: China +86');
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    render(<PhoneInput defaultCountry="CN" disabled />);
    await user.click(countryButton());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeDisabled();
  });

  it('shows preferred countries first, then a divider, then the rest', async () => {
    const user = userEvent.setup();
    const { container } = render(<PhoneInput preferredCountries={['US', 'cn']} onlyCountries={SIX.concat('US')} />);
    await user.click(countryButton());
    const [preferred, rest] = within(listbox()).getAllByRole('group');
    expect(preferred).toHaveAccessibleName('Preferred countries');
    expect(
      within(preferred!)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['United States +1', 'China +86']);
    expect(preferred!.nextElementSibling).toHaveClass('phone-input__divider');
    expect(
      within(rest!)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Canada +1', 'Chad +235', 'Chile +56', 'Finland +358', 'France +33']);
    expect(container.querySelectorAll('.phone-input__divider')).toHaveLength(1);
  });
});

describe('dropdown placement', () => {
  const placeAt = (bottom: number) =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, bottom - 32, 300, 32));

  it.each([
    [100, 'bottom'],
    [window.innerHeight - 201, 'bottom'],
    [window.innerHeight - 200, 'top'],
    [window.innerHeight - 20, 'top'],
  ])('with the control ending at %i px it opens at the %s', async (bottom, placement) => {
    const user = userEvent.setup();
    placeAt(bottom);
    render(<PhoneInput defaultCountry="CN" />);
    await user.click(countryButton());
    expect(listbox()).toHaveAttribute('data-placement', placement);
  });
});

describe('type to find', () => {
  it('accumulates letters and resets after 700 ms without typing', () => {
    // fireEvent, not user-event: Testing Library's async wrapper waits on a timer that fake timers freeze.
    vi.useFakeTimers();
    render(<PhoneInput onlyCountries={SIX} defaultCountry="CN" />);
    fireEvent.click(countryButton());
    const type = (text: string) => [...text].forEach((key) => fireEvent.keyDown(listbox(), { key }));
    type('c');
    expect(highlightedName()).toBe('Canada +1');
    type('h');
    expect(highlightedName()).toBe('Chad +235');
    act(() => vi.advanceTimersByTime(699));
    type('i');
    expect(highlightedName()).toBe('Chile +56');
    type('n');
    expect(highlightedName()).toBe('China +86');
    act(() => vi.advanceTimersByTime(700));
    type('f');
    expect(highlightedName()).toBe('Finland +358');
    act(() => vi.advanceTimersByTime(700));
    // The ISO code finds a country too.
    type('td');
    expect(highlightedName()).toBe('Chad +235');
    fireEvent.keyDown(listbox(), { key: 'Enter' });
    expect(countryButton()).toHaveAccessibleName('Country: Chad +235');
  });

  it('keeps the highlight when nothing matches', async () => {
    const user = userEvent.setup();
    render(<PhoneInput onlyCountries={SIX} defaultCountry="FR" />);
    await user.click(countryButton());
    await user.keyboard('xq');
    expect(highlightedName()).toBe('France +33');
  });

  it('matches names in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    render(<PhoneInput onlyCountries={['US', 'CN', 'JP']} defaultCountry="US" />);
    await user.click(screen.getByRole('button', { name: /国家/ }));
    await user.keyboard('日');
    expect(highlightedName()).toBe('日本 +81');
  });
});

describe('active country', () => {
  it.each([
    ['cn', 'Country: China +86'],
    ['86', 'Country: China +86'],
    ['+44', 'Country: United Kingdom +44'],
    ['+1', 'Country: United States +1'],
  ])('reads defaultCountry %s', (defaultCountry, name) => {
    render(<PhoneInput defaultCountry={defaultCountry} />);
    expect(countryButton()).toHaveAccessibleName(name);
  });

  it('prefers the dial code of a typed international number', async () => {
    const user = userEvent.setup();
    render(<Controlled defaultCountry="CN" />);
    await user.type(screen.getByRole('textbox'), '+4420');
    expect(countryButton()).toHaveAccessibleName('Country: United Kingdom +44');
  });

  it('falls back to the first preferred country, then the first of onlyCountries, then the first listed', () => {
    const { unmount } = render(<PhoneInput defaultCountry="zz" preferredCountries={['JP', 'US']} />);
    expect(countryButton()).toHaveAccessibleName('Country: Japan +81');
    unmount();
    const second = render(<PhoneInput onlyCountries={['DE', 'FR']} />);
    expect(countryButton()).toHaveAccessibleName('Country: Germany +49');
    second.unmount();
    render(<PhoneInput />);
    expect(countryButton()).toHaveAccessibleName('Country: Afghanistan +93');
  });

  it('uses lookupCountry only when nothing else decides', async () => {
    const lookupCountry = vi.fn(async () => 'JP');
    const { unmount } = render(<PhoneInput defaultCountry="CN" lookupCountry={lookupCountry} />);
    expect(lookupCountry).not.toHaveBeenCalled();
    unmount();

    render(<PhoneInput lookupCountry={lookupCountry} />);
    expect(countryButton()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('button', { name: 'Country: Japan +81' })).not.toHaveAttribute('aria-busy');
    expect(lookupCountry).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('unable to fetch the country'))],
    ['gives an unknown code', () => Promise.resolve('XX')],
    ['gives a country filtered out', () => Promise.resolve('CN')],
  ])('falls back to the first listed country when the lookup %s', async (_case, lookupCountry) => {
    render(<PhoneInput lookupCountry={lookupCountry} ignoredCountries={['CN']} />);
    const button = await screen.findByRole('button', { name: 'Country: Afghanistan +93' });
    expect(button).toHaveAttribute('title', 'Unable to fetch the country');
  });

  it('keeps the country the user picked while the lookup was running', async () => {
    let answer: (code: string) => void = () => {};
    const lookupCountry = () => new Promise<string>((resolve) => (answer = resolve));
    const user = userEvent.setup();
    render(<PhoneInput lookupCountry={lookupCountry} onlyCountries={[]} />);
    await user.click(countryButton());
    await user.click(screen.getByRole('option', { name: 'France +33' }));
    await act(async () => answer('JP'));
    expect(countryButton()).toHaveAccessibleName('Country: France +33');
  });

  it('replaces the dial code of an international number when another country is chosen', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: string, meta: PhoneInputMeta) => void>();
    render(<Controlled initial="+86 138 1234 5678" autoFormat={false} onChange={onChange} />);
    expect(countryButton()).toHaveAccessibleName('Country: China +86');
    await user.click(countryButton());
    await user.click(screen.getByRole('option', { name: 'United States +1' }));
    expect(screen.getByRole('textbox')).toHaveValue('+1 138 1234 5678');
    expect(onChange).toHaveBeenLastCalledWith('+1 138 1234 5678', expect.objectContaining({ country: 'US' }));
  });

  it('re-reads a national number for the chosen country', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: string, meta: PhoneInputMeta) => void>();
    render(<Controlled defaultCountry="US" autoFormat="national" onChange={onChange} />);
    await user.type(screen.getByRole('textbox'), '13812345678');
    expect(onChange).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ valid: false }));
    await user.click(countryButton());
    await user.click(screen.getByRole('option', { name: 'China +86' }));
    expect(screen.getByRole('textbox')).toHaveValue('138 1234 5678');
    expect(onChange).toHaveBeenLastCalledWith('138 1234 5678', {
      country: 'CN',
      valid: true,
      e164: '+8613812345678',
      error: undefined,
    });
  });
});

describe('country filters', () => {
  it('onlyCountries restricts the list', async () => {
    const user = userEvent.setup();
    render(<PhoneInput onlyCountries={['cn', 'US', 'GB']} />);
    await user.click(countryButton());
    expect(optionNames()).toEqual(['China +86', 'United Kingdom +44', 'United States +1']);
  });

  it('ignoredCountries removes entries', async () => {
    const user = userEvent.setup();
    render(<PhoneInput ignoredCountries={['CN', 'us']} defaultCountry="CN" />);
    expect(countryButton()).toHaveAccessibleName('Country: Afghanistan +93');
    await user.click(countryButton());
    expect(screen.getAllByRole('option')).toHaveLength(getCountries().length - 2);
    expect(screen.queryByRole('option', { name: 'China +86' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'United States +1' })).not.toBeInTheDocument();
  });
});
