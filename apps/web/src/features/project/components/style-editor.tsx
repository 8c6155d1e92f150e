import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Switch, Upload } from 'antd';
import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROJECT_LIMITS, type ProjectDetail, type ProjectStyle, type ProjectVersion, type Tag } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../shared/api/get-design-tags.ts';
import { checkImageFile, uploadImage } from '../../../shared/api/upload-image.ts';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useSetStyle } from '../api/set-style.ts';
import { ReferencePicker, type ReferenceChoice } from './reference-picker.tsx';

interface Props {
  open: boolean;
  project: ProjectDetail;
  /** Versions the reference can be picked from besides the views' current ones (the open view's). */
  versions: readonly ProjectVersion[];
  canEdit: boolean;
  onClose(): void;
}

interface Values {
  styleOn: boolean;
  words: string;
  styleTags: string[];
  materialTags: string[];
  seedPolicy: 'free' | 'fixed';
  seed: number | null;
}

const SEED_MAX = 4_294_967_295;
const TAGS_MAX = 12;
const randomSeed = () => Math.floor(Math.random() * SEED_MAX);

/** Style and material tags of both design types, each once, labelled in the reader's language. */
function useTagOptions(lang: 'en' | 'zh') {
  const arch = useDesignTags('architectural');
  const interior = useDesignTags('interior');
  return useMemo(() => {
    const pick = (group: 'style' | 'material') => {
      const seen = new Map<string, Tag>();
      for (const tag of [...(arch.data?.[group] ?? []), ...(interior.data?.[group] ?? [])]) seen.set(tag.slug, tag);
      return [...seen.values()].map((tag) => ({ value: tag.slug, label: tag.label[lang] }));
    };
    return { style: pick('style'), material: pick('material') };
  }, [arch.data, interior.data, lang]);
}

/**
 * The project's look, applied to every task made in it unless turned off: a reference image (a
 * version of the project or an upload), style words, style and material tags, and a seed policy
 * (a fixed seed gives every view the same composition).
 */
export function StyleEditor({ open, project, versions, canEdit, onClose }: Props) {
  const { t, i18n } = useTranslation('project');
  const [form] = Form.useForm<Values>();
  const save = useSetStyle();
  const tags = useTagOptions(i18n.language === 'zh' ? 'zh' : 'en');
  const [reference, setReference] = useState<ReferenceChoice | null>(null);
  const [uploading, setUploading] = useState(false);
  const policy = Form.useWatch('seedPolicy', form);
  // Each opening starts from the saved reference.
  const [openedFor, setOpenedFor] = useState(false);
  if (open !== openedFor) {
    setOpenedFor(open);
    if (open) setReference(project.style?.referenceImageId ? { imageId: project.style.referenceImageId } : null);
  }

  useEffect(() => {
    if (!open) return;
    const s = project.style;
    form.setFieldsValue({
      styleOn: project.styleOn,
      words: s?.words ?? '',
      styleTags: s?.styleTags ?? [],
      materialTags: s?.materialTags ?? [],
      seedPolicy: s?.seedPolicy ?? 'free',
      seed: s?.seed ?? null,
    });
  }, [open, project, form]);

  const upload = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) return void toast.error(t(`errors:${problem}`));
    setUploading(true);
    try {
      const image = await uploadImage(file, 'ref');
      setReference({ imageId: image.id, thumbUrl: image.thumbUrl ?? image.url });
    } catch (err) {
      reportFormError(form, err, t, []);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: Values) => {
    const fixed = values.seedPolicy === 'fixed';
    const style: ProjectStyle = {
      referenceImageId: reference?.imageId ?? null,
      words: values.words.trim(),
      styleTags: values.styleTags,
      materialTags: values.materialTags,
      seedPolicy: values.seedPolicy,
      seed: fixed ? (values.seed ?? randomSeed()) : null,
    };
    try {
      await save.mutateAsync({ projectId: project.id, style, styleOn: values.styleOn });
      toast.success(t('style.saved'));
      onClose();
    } catch (err) {
      reportFormError(form, err, t, ['words', 'styleTags', 'materialTags', 'seed']);
    }
  };

  return (
    <Modal
      open={open}
      title={t('style.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !canEdit, 'data-testid': 'style-save' }}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
      forceRender
    >
      <p className="project__hint">{t('style.intro')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={!canEdit}>
        <Form.Item name="styleOn" valuePropName="checked" label={t('style.on')} extra={t('style.onHint')}>
          <Switch data-testid="style-on" />
        </Form.Item>
        <div className="ant-form-item">
          <div className="project__field-label" id="style-reference-label">
            {t('style.reference')}
          </div>
          <ReferencePicker
            labelledBy="style-reference-label"
            project={project}
            versions={versions}
            value={reference}
            onChange={setReference}
            disabled={!canEdit}
          />
          {canEdit && (
            <Upload
              accept=".png,.jpg,.jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} className="style__upload">
                {t('style.upload')}
              </Button>
            </Upload>
          )}
        </div>
        <Form.Item name="words" label={t('style.words')} extra={t('style.wordsHint')}>
          <Input.TextArea
            maxLength={PROJECT_LIMITS.styleWordsMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('style.wordsPlaceholder')}
            data-testid="style-words"
          />
        </Form.Item>
        <Form.Item name="styleTags" label={t('style.styleTags')}>
          <Select mode="multiple" maxCount={TAGS_MAX} options={tags.style} optionFilterProp="label" allowClear />
        </Form.Item>
        <Form.Item name="materialTags" label={t('style.materialTags')}>
          <Select mode="multiple" maxCount={TAGS_MAX} options={tags.material} optionFilterProp="label" allowClear />
        </Form.Item>
        <Form.Item name="seedPolicy" label={t('style.seedPolicy')}>
          <Radio.Group
            options={[
              { value: 'free', label: t('style.seedFree') },
              { value: 'fixed', label: t('style.seedFixed') },
            ]}
          />
        </Form.Item>
        {policy === 'fixed' && (
          <div className="style__seed">
            <Form.Item name="seed" label={t('style.seed')} extra={t('style.seedHint')}>
              <InputNumber min={0} max={SEED_MAX} precision={0} style={{ width: 200 }} data-testid="style-seed" />
            </Form.Item>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => form.setFieldValue('seed', randomSeed())}
              className="style__roll"
            >
              {t('style.roll')}
            </Button>
          </div>
        )}
      </Form>
    </Modal>
  );
}
