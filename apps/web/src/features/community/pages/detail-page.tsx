import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/api-error.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useWork } from '../api/get-work.ts';
import { DetailView } from '../components/detail-view.tsx';
import '../components/community.css';
import '../components/detail.css';

// Only an owner editing their work needs the dialog's code.
const PublishDialog = lazy(() =>
  import('../components/publish-dialog.tsx').then((m) => ({ default: m.PublishDialog })),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const missing = (err: unknown) =>
  err instanceof ApiError &&
  (err.code === 'WORK_NOT_FOUND' || err.status === 404 || err.fields.some((f) => f.code === 'WORK_NOT_FOUND'));

/** `/detail/:id`, public: a published work, or why it cannot be shown. */
export function DetailPage() {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const valid = UUID.test(id);
  const work = useWork(id, valid);
  const [editing, setEditing] = useState(false);
  const back = (
    <Button type="primary" onClick={() => void navigate(PATHS.community)}>
      {t('detail.backToCommunity')}
    </Button>
  );

  if (!valid || (work.isError && missing(work.error)))
    return (
      <Result
        status="404"
        title={<h1 className="result-h1">{t('detail.notFoundTitle')}</h1>}
        subTitle={t('detail.notFound')}
        extra={back}
        data-testid="work-not-found"
      />
    );
  if (work.isError && work.error instanceof ApiError && work.error.code === 'WORK_HIDDEN')
    return (
      <Result
        icon={<EyeInvisibleOutlined />}
        title={<h1 className="result-h1">{t('detail.hiddenTitle')}</h1>}
        subTitle={t('detail.hidden')}
        extra={back}
        data-testid="work-hidden"
      />
    );
  if (work.isError)
    return (
      <Result
        status="warning"
        title={<h1 className="result-h1">{t('detail.loadFailed')}</h1>}
        subTitle={work.error.message}
        extra={<Button onClick={() => void work.refetch()}>{t('gallery.retry')}</Button>}
      />
    );
  if (!work.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <>
      <DetailView work={work.data} onEdit={() => setEditing(true)} />
      {editing && (
        <Suspense fallback={null}>
          <PublishDialog
            target={{
              workId: work.data.id,
              thumbUrl: work.data.thumbUrl,
              width: work.data.width,
              height: work.data.height,
            }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
