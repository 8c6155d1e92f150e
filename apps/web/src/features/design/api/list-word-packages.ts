import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/http/client.ts';

export const wordPackagesKey = ['design', 'word-packages'] as const;

const listWordPackages = () => call(designEndpoints.wordPackages);

/** The server names recommended packages in the caller's language: each language is its own entry. */
const wordPackagesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...wordPackagesKey, language],
    queryFn: listWordPackages,
    // After a language switch the old names stay until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useWordPackages() {
  const { i18n } = useTranslation();
  return useQuery(wordPackagesQueryOptions(i18n.language));
}
