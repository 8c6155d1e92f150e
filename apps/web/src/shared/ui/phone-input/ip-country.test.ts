import { describe, expect, it, vi } from 'vitest';
import { fetchIpCountry, IP_COUNTRY_ERROR, IP_COUNTRY_URL } from './ip-country.ts';

const fakeFetch = (body: string, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'content-type': 'text/plain' } }));

describe('fetchIpCountry', () => {
  it('GETs ip2c.org by default and reads the code at positions 2-3', async () => {
    const fetchImpl = fakeFetch('1;CN;CHN;China');
    await expect(fetchIpCountry(undefined, fetchImpl)).resolves.toBe('CN');
    expect(IP_COUNTRY_URL).toBe('https://ip2c.org/s');
    expect(fetchImpl).toHaveBeenCalledWith('https://ip2c.org/s', { method: 'GET' });
  });

  it('uses the given URL', async () => {
    const fetchImpl = fakeFetch('1;US;USA;United States');
    await expect(fetchIpCountry('/geo', fetchImpl)).resolves.toBe('US');
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/geo');
  });

  it.each([
    ['a bad address answer', '0;;;WRONG INPUT'],
    ['an unknown address answer', '2;;;UNKNOWN'],
    ['an empty answer', ''],
    ['a success without a code', '1;;;'],
  ])('throws on %s', async (_name, body) => {
    await expect(fetchIpCountry(IP_COUNTRY_URL, fakeFetch(body))).rejects.toThrow(IP_COUNTRY_ERROR);
  });

  it('throws on an HTTP error status', async () => {
    await expect(fetchIpCountry(IP_COUNTRY_URL, fakeFetch('1;CN;CHN;China', 503))).rejects.toThrow(
      'unable to fetch the country',
    );
  });

  it('throws on a network failure', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchIpCountry(IP_COUNTRY_URL, fetchImpl)).rejects.toThrow(new Error(IP_COUNTRY_ERROR));
  });
});
