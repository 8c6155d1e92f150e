import { useState } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BANNER_LIMITS, type AdminBanner } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/ui/toast.ts';
import { useDeleteBanner } from '../../api/delete-banner.ts';
import { useBanners } from '../../api/list-banners.ts';
import { useReorderBanners } from '../../api/reorder-banners.ts';
import { useUpdateBanner } from '../../api/update-banner.ts';
import { bannerColumns } from './banner-columns.tsx';
import { BannerFormModal } from './banner-form-modal.tsx';

/**
 * The community's banners in carousel order: what each shows, where it leads, when it is shown.
 * Order is changed with up and down buttons (reachable by keyboard, announced by name).
 */
export function BannersTab() {
  const { t, i18n } = useTranslation('admin-content');
  const banners = useBanners();
  const update = useUpdateBanner();
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const list = banners.data ?? [];

  const columns = bannerColumns(t, i18n.language, list.length, {
    move(index, step) {
      const ids = list.map((b) => b.id);
      [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
      reorder.mutate(ids, { onSuccess: () => toast.success(t('banners.moved')) });
    },
    setEnabled(banner, on) {
      update.mutate(
        { id: banner.id, enabled: on },
        { onSuccess: () => toast.success(on ? t('banners.switchedOn') : t('banners.switchedOff')) },
      );
    },
    edit: (banner) => setEditing(banner),
    remove(banner) {
      remove.mutate(banner.id, { onSuccess: () => toast.success(t('banners.deleted')) });
    },
    busy: (id) => update.isPending && update.variables?.id === id,
    reordering: reorder.isPending,
  });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('banners.hint', { max: BANNER_LIMITS.max })}</Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={list.length >= BANNER_LIMITS.max}
          onClick={() => setEditing('new')}
        >
          {t('banners.new')}
        </Button>
      </Flex>
      {banners.isError ? <Alert type="error" showIcon title={banners.error.message} /> : null}
      <Table<AdminBanner>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list}
        loading={banners.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // Ant Design greys its placeholder out below AA contrast: the text brings its own colour.
        locale={{ emptyText: <Typography.Text type="secondary">{t('banners.empty')}</Typography.Text> }}
      />
      {editing ? (
        <BannerFormModal banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
}
