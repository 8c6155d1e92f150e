import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCountries } from 'libphonenumber-js';
import { i18n } from '../../i18n/i18n.ts';
import { flagSvgCodes, loadFlagSvg } from './flag-loaders.ts';
import { PhoneInput } from './phone-input.tsx';

// Records when the whole flag set is downloaded, which must wait until the list opens.
const wholeSet = vi.hoisted(() => ({ loaded: false }));
vi.mock('country-flag-icons/string/3x2', async (importOriginal) => {
  wholeSet.loaded = true;
  return importOriginal();
});

const REGIONAL_INDICATORS = /[\u{1F1E6}-\u{1F1FF}]/u;
const countryButton = () => screen.getByRole('button', { name: /^Country/ });
const flagIn = (el: HTMLElement) => el.querySelector<HTMLImageElement>('.phone-input__flag');

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('flag SVGs', () => {
  it('exist one by one for every country the phone input offers', async () => {
    expect(flagSvgCodes()).toEqual(expect.arrayContaining(getCountries()));
    expect(await loadFlagSvg('CN')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await loadFlagSvg('ZZ')).toBeUndefined();
  });

  it('shows the ISO code, then the SVG flag on the button; the whole set loads only with the list', async () => {
    const user = userEvent.setup();
    render(<PhoneInput defaultCountry="GB" />);
    const placeholder = flagIn(countryButton());
    expect(placeholder?.tagName).toBe('SPAN');
    expect(placeholder).toHaveTextContent('GB');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');

    await waitFor(() => expect(flagIn(countryButton())?.tagName).toBe('IMG'));
    const flag = flagIn(countryButton())!;
    expect(flag.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(flag).toHaveAttribute('alt', '');
    expect(flag).toHaveAttribute('aria-hidden', 'true');
    expect(countryButton()).toHaveAccessibleName('Country: United Kingdom +44');
    expect(wholeSet.loaded).toBe(false);

    await user.click(countryButton());
    const options = screen.getAllByRole('option');
    await waitFor(() => expect(options.every((o) => flagIn(o)?.tagName === 'IMG')).toBe(true));
    expect(wholeSet.loaded).toBe(true);
    expect(screen.getByRole('listbox').textContent).not.toMatch(REGIONAL_INDICATORS);
    expect(screen.getByRole('option', { name: 'France +33' })).toHaveTextContent(/^France\+33$/);
  });
});
