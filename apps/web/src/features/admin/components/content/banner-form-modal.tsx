import { Col, Form, Input, Modal, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  BANNER_LIMITS,
  bannerLinkField,
  bannerSubtitleField,
  bannerTitleField,
  LIMITS,
  type AdminBanner,
  type BannerUpdateBody,
} from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule.ts';
import { ApiError } from '../../../../shared/http/api-error.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { useCreateBanner } from '../../api/create-banner.ts';
import { useReplaceBannerImage } from '../../api/replace-banner-image.ts';
import { useUpdateBanner } from '../../api/update-banner.ts';
import { PicturePicker } from './picture-picker.tsx';
import { instantOf, localInput } from './schedule-time.ts';

interface Values {
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  link: string;
  /** `datetime-local` values, in the operator's time zone; empty: open. */
  startsAt: string;
  endsAt: string;
  enabled: boolean;
  file?: File | null;
}
type Field = keyof Values;
const TEXT_FIELDS = ['titleEn', 'titleZh', 'subtitleEn', 'subtitleZh', 'link', 'enabled'] as const;
const FIELDS = new Set<string>([...TEXT_FIELDS, 'startsAt', 'endsAt', 'file']);

const valuesOf = (b: AdminBanner | null): Values => ({
  titleEn: b?.title.en ?? '',
  titleZh: b?.title.zh ?? '',
  subtitleEn: b?.subtitle.en ?? '',
  subtitleZh: b?.subtitle.zh ?? '',
  link: b?.link ?? '',
  startsAt: localInput(b?.startsAt ?? null),
  endsAt: localInput(b?.endsAt ?? null),
  enabled: b?.enabled ?? true,
  file: null,
});

/** What the form changed of a banner: only those fields are sent (and audited). */
function changesOf(banner: AdminBanner, values: Values): Omit<BannerUpdateBody, 'id'> {
  const before = valuesOf(banner);
  const out: Omit<BannerUpdateBody, 'id'> = {};
  for (const key of TEXT_FIELDS) if (values[key] !== before[key]) Object.assign(out, { [key]: values[key] });
  // Compared as the inputs show them (to the minute), so an untouched schedule is not sent.
  if (values.startsAt !== before.startsAt) out.startsAt = instantOf(values.startsAt);
  if (values.endsAt !== before.endsAt) out.endsAt = instantOf(values.endsAt);
  return out;
}

/** A new banner (`banner` null) or the changes to one: text in both languages, link, schedule, picture. */
export function BannerFormModal({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const { t } = useTranslation('admin-content');
  const [form] = Form.useForm<Values>();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const image = useReplaceBannerImage();
  const busy = create.isPending || update.isPending || image.isPending;

  const ordered: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      const start = instantOf(getFieldValue('startsAt'));
      const end = instantOf(value);
      if (start && end && start >= end) throw new Error(t('errors:BANNER_SCHEDULE'));
    },
  });

  async function submit(values: Values) {
    try {
      if (!banner) {
        await create.mutateAsync({
          banner: {
            titleEn: values.titleEn,
            titleZh: values.titleZh,
            subtitleEn: values.subtitleEn,
            subtitleZh: values.subtitleZh,
            link: values.link.trim(),
            startsAt: instantOf(values.startsAt),
            endsAt: instantOf(values.endsAt),
            enabled: values.enabled,
          },
          file: values.file!,
        });
        toast.success(t('banners.created'));
      } else {
        const changes = changesOf(banner, values);
        if (Object.keys(changes).length > 0) await update.mutateAsync({ id: banner.id, ...changes });
        if (values.file) await image.mutateAsync({ id: banner.id, file: values.file });
        toast.success(t('banners.saved'));
      }
      onClose();
    } catch (err) {
      // The query client toasts the reason; the fields the server named get it too.
      if (!(err instanceof ApiError)) return;
      form.setFields(
        err.fields
          .filter((f) => FIELDS.has(f.field))
          .map((f) => ({ name: f.field as Field, errors: [t(`errors:${f.code}`)] })),
      );
    }
  }

  const mb = LIMITS.imageMaxBytes / 1024 / 1024;
  return (
    <Modal
      open
      title={banner ? t('banners.editTitle') : t('banners.newTitle')}
      okText={t('banners.save')}
      cancelText={t('banners.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      width={760}
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        name="banner"
        layout="vertical"
        initialValues={valuesOf(banner)}
        onFinish={submit}
        requiredMark="optional"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="titleEn" label={t('banners.titleEn')} required rules={[zodRule(bannerTitleField, t)]}>
              <Input lang="en" count={{ show: true, max: BANNER_LIMITS.titleMax }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="titleZh" label={t('banners.titleZh')} required rules={[zodRule(bannerTitleField, t)]}>
              <Input lang="zh-CN" count={{ show: true, max: BANNER_LIMITS.titleMax }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="subtitleEn" label={t('banners.subtitleEn')} rules={[zodRule(bannerSubtitleField, t)]}>
              <Input lang="en" count={{ show: true, max: BANNER_LIMITS.subtitleMax }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="subtitleZh" label={t('banners.subtitleZh')} rules={[zodRule(bannerSubtitleField, t)]}>
              <Input lang="zh-CN" count={{ show: true, max: BANNER_LIMITS.subtitleMax }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="link"
          label={t('banners.link')}
          extra={t('banners.linkHint')}
          required
          rules={[zodRule(bannerLinkField, t)]}
        >
          <Input placeholder="/design" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="startsAt" label={t('banners.startsAt')} extra={t('banners.openHint')}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="endsAt"
              label={t('banners.endsAt')}
              extra={t('banners.openHint')}
              dependencies={['startsAt']}
              rules={[ordered]}
            >
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="enabled" label={t('banners.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('banners.picture')}
          extra={t('banners.pictureHint', { width: BANNER_LIMITS.minWidth, height: BANNER_LIMITS.minHeight, mb })}
          required={!banner}
          rules={banner ? [] : [{ required: true, message: t('errors:BANNER_IMAGE_REQUIRED') }]}
        >
          <PicturePicker currentUrl={banner?.imageUrl} alt={t('banners.pictureAlt')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
