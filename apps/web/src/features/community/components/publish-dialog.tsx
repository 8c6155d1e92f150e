import { useEffect } from 'react';
import { App, Alert, Button, Form, Input, Modal, Popconfirm, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_TAG_CATEGORIES, LIMITS, type CommunityTagCategory, type WorkDetail } from '@turing/contract';
import { ApiError } from '../../../shared/http/api-error.ts';
import { detailPath } from '../../../shared/routes/paths.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { useCommunityTags } from '../api/get-tags.ts';
import { useWork } from '../api/get-work.ts';
import { usePublishWork } from '../api/publish-work.ts';
import { useUnpublishWork } from '../api/unpublish-work.ts';
import { useUpdateWork } from '../api/update-work.ts';
import { tagLabel } from '../lib/tag-label.ts';
import './publish-dialog.css';

export interface PublishDialogTarget {
  /** The result image to publish; left out when editing a work (its image stays). */
  imageId?: string;
  workId?: string | null;
  thumbUrl: string;
  width: number;
  height: number;
  suggestedTitle?: string;
}

interface Values {
  title: string;
  description: string;
  tags: Record<CommunityTagCategory, string[]>;
  hideParams: boolean;
}

const EMPTY_TAGS = { style: [], function: [], material: [], environment: [] };

function valuesOf(work: WorkDetail): Values {
  const tags: Record<CommunityTagCategory, string[]> = { style: [], function: [], material: [], environment: [] };
  for (const tag of work.tags) tags[tag.category].push(tag.slug);
  return { title: work.title, description: work.description, tags, hideParams: work.hideParams };
}

/**
 * Publishes a result image to the community, or edits (and unpublishes) one's work. Rendered by the
 * app's publish provider and the detail page, outside any route, so it links with plain hrefs.
 */
export function PublishDialog({
  target,
  onClose,
}: {
  target: PublishDialogTarget;
  onClose(workId: string | null): void;
}) {
  const { t, i18n } = useTranslation('community');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const editing = Boolean(target.workId);
  const existing = useWork(target.workId ?? '', editing);
  const tags = useCommunityTags();
  const publish = usePublishWork();
  const update = useUpdateWork();
  const unpublish = useUnpublishWork();

  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
  }, [existing.data, form]);

  const done = (workId: string, text: string) => {
    void message.success({
      content: (
        <span>
          {text} <a href={`#${detailPath(workId)}`}>{t('publish.view')}</a>
        </span>
      ),
      duration: 6,
    });
    onClose(workId);
  };

  const fail = (err: unknown) => {
    const field = err instanceof ApiError ? err.fields.find((f) => f.field === 'title') : undefined;
    if (field || (err instanceof ApiError && err.code === 'WORK_TITLE_REQUIRED'))
      form.setFields([{ name: 'title', errors: [t('publish.titleRequired')] }]);
    else toastError(err);
  };

  const submit = (values: Values) => {
    const body = {
      title: values.title.trim(),
      description: values.description?.trim() ?? '',
      tags: { ...EMPTY_TAGS, ...values.tags },
      hideParams: values.hideParams,
    };
    if (target.workId)
      update.mutate(
        { id: target.workId, ...body },
        { onSuccess: (w) => done(w.id, t('publish.updated')), onError: fail },
      );
    else if (target.imageId)
      publish.mutate(
        { imageId: target.imageId, ...body },
        { onSuccess: (w) => done(w.id, t('publish.published')), onError: fail },
      );
  };

  const remove = () =>
    target.workId &&
    unpublish.mutate(target.workId, {
      onSuccess: () => {
        void message.success(t('publish.unpublished'));
        onClose(null);
      },
    });

  const busy = publish.isPending || update.isPending;
  const canUnpublish = editing && existing.data?.state === 'published';
  return (
    <Modal
      open
      title={editing ? t('publish.editTitle') : t('publish.title')}
      onCancel={() => onClose(null)}
      width={640}
      destroyOnHidden
      footer={
        <div className="publish-footer">
          {canUnpublish && (
            <Popconfirm
              title={t('publish.unpublishConfirm')}
              okText={t('publish.unpublish')}
              cancelText={t('publish.cancel')}
              onConfirm={remove}
            >
              <Button danger loading={unpublish.isPending} data-testid="publish-unpublish">
                {t('publish.unpublish')}
              </Button>
            </Popconfirm>
          )}
          <span className="publish-footer__spacer" />
          <Button onClick={() => onClose(null)}>{t('publish.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            form="publish-form"
            loading={busy}
            disabled={editing && !existing.data}
            data-testid="publish-submit"
          >
            {editing ? t('publish.update') : t('publish.publish')}
          </Button>
        </div>
      }
    >
      {existing.isError && <Alert type="error" showIcon title={t('publish.loadFailed')} />}
      <div className="publish-body">
        <img
          className="publish-body__thumb"
          src={target.thumbUrl}
          alt={t('publish.preview')}
          style={{ aspectRatio: `${target.width} / ${target.height}` }}
        />
        <Form
          id="publish-form"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={{
            title: target.suggestedTitle?.slice(0, LIMITS.workTitleMax) ?? '',
            description: '',
            tags: EMPTY_TAGS,
            hideParams: false,
          }}
          className="publish-body__form"
        >
          <Form.Item
            name="title"
            label={t('publish.workTitle')}
            rules={[{ required: true, whitespace: true, message: t('publish.titleRequired') }]}
          >
            <Input
              maxLength={LIMITS.workTitleMax}
              showCount
              placeholder={t('publish.titlePlaceholder')}
              data-testid="publish-title"
            />
          </Form.Item>
          <Form.Item name="description" label={t('publish.description')}>
            <Input.TextArea
              rows={3}
              maxLength={LIMITS.workDescriptionMax}
              showCount
              placeholder={t('publish.descriptionPlaceholder')}
            />
          </Form.Item>
          <div className="publish-tags">
            {COMMUNITY_TAG_CATEGORIES.map((category) => (
              <Form.Item key={category} name={['tags', category]} label={t(`filters.${category}`)}>
                <Select
                  mode="multiple"
                  maxCount={LIMITS.tagsPerCategoryMax}
                  loading={tags.isPending}
                  placeholder={t('publish.tagsPlaceholder', { max: LIMITS.tagsPerCategoryMax })}
                  optionFilterProp="label"
                  data-testid={`publish-tags-${category}`}
                  options={(tags.data?.[category] ?? []).map((tag) => ({
                    value: tag.slug,
                    label: tagLabel(tag, i18n.language),
                  }))}
                />
              </Form.Item>
            ))}
          </div>
          <Form.Item
            name="hideParams"
            label={t('publish.hideParams')}
            valuePropName="checked"
            extra={t('publish.hideParamsHint')}
          >
            <Switch data-testid="publish-hide-params" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
