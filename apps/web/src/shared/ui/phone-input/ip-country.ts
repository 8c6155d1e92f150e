import { IP_COUNTRY_DEFAULT_URL } from '@turing/contract';

export const IP_COUNTRY_URL = IP_COUNTRY_DEFAULT_URL;
export const IP_COUNTRY_ERROR = 'unable to fetch the country';

/**
 * Asks ip2c.org which country the visitor's address belongs to. Its plain-text answer reads
 * `1;CN;CHN;China` on success; `0;…` (bad address) and `2;…` (unknown) carry no country.
 */
export async function fetchIpCountry(url: string = IP_COUNTRY_URL, fetchImpl: typeof fetch = fetch): Promise<string> {
  let text: string;
  try {
    const response = await fetchImpl(url, { method: 'GET' });
    if (!response.ok) throw new Error(IP_COUNTRY_ERROR);
    text = await response.text();
  } catch {
    throw new Error(IP_COUNTRY_ERROR);
  }
  const code = text.startsWith('1') ? text.slice(2, 4) : '';
  if (!/^[A-Za-z]{2}$/.test(code)) throw new Error(IP_COUNTRY_ERROR);
  return code.toUpperCase();
}
