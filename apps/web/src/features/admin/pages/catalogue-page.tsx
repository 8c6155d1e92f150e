import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { CatalogueTable } from '../components/catalogue/catalogue-table.tsx';

/** Cube packs and time plans: prices in both currencies, cubes, names, on sale or not. */
export function CataloguePage() {
  const { t } = useTranslation('admin-billing');
  return (
    <ConsolePage title={t('catalogue.title')}>
      <CatalogueTable />
    </ConsolePage>
  );
}
