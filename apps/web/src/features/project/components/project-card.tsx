import { Badge, Tag } from 'antd';
import { MessageOutlined, ProjectOutlined } from '@ant-design/icons';
import type { ProjectSummary } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath } from '../../../shared/routes/paths.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';
import { useFormatShortTime } from '../lib/format-time.ts';

/** One project in the workspace: cover, name, counts, who shared it, unread comments, last edit. */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation('project');
  const formatTime = useFormatShortTime();
  const shared = project.access !== 'owner';
  return (
    <li className="pcard" data-testid="project-card" data-name={project.name}>
      <Link to={projectPath(project.id)} className="pcard__link">
        <span className="pcard__cover">
          {project.coverUrl ? (
            <img src={project.coverUrl} alt="" loading="lazy" decoding="async" />
          ) : (
            <ProjectOutlined aria-hidden />
          )}
          {project.unreadComments > 0 && (
            <span className="pcard__unread" data-testid="project-unread">
              {/* The number is drawn for the eye; the sentence below says it to a screen reader. */}
              <span aria-hidden>
                <Badge count={project.unreadComments} overflowCount={99}>
                  <MessageOutlined className="pcard__unread-icon" />
                </Badge>
              </span>
              <span className="project-sr-only">{t('card.unread', { count: project.unreadComments })}</span>
            </span>
          )}
        </span>
        <span className="pcard__body">
          <span className="pcard__name">{project.name}</span>
          <span className="pcard__meta">
            {t('card.views', { count: project.viewCount })} · {t('card.versions', { count: project.versionCount })}
          </span>
          <span className="pcard__meta">{t('card.updated', { time: formatTime(project.updatedAt) })}</span>
          {shared && (
            <span className="pcard__owner">
              <UserAvatar url={project.owner.avatarUrl} name={project.owner.nickname} size={20} />
              <span className="pcard__owner-name">{t('card.by', { name: project.owner.nickname })}</span>
              <Tag className="pcard__role">{t(`role.${project.access}`)}</Tag>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
