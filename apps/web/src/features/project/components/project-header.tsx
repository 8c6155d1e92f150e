import { Button, Dropdown, Tag, Typography } from 'antd';
import {
  BgColorsOutlined,
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  LogoutOutlined,
  MoreOutlined,
  ProjectOutlined,
  ShareAltOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ProjectDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';
import { useMembers } from '../api/list-members.ts';
import type { Abilities } from '../lib/access.ts';

/** Faces shown before "+n". */
const PEOPLE_SHOWN = 5;

/** The dialogs the header opens. */
export type HeaderAction = 'edit' | 'style' | 'members' | 'share' | 'board' | 'delete' | 'leave';

interface Props {
  project: ProjectDetail;
  can: Abilities;
  /** Whether a board can be exported here (the app gives the board dialog). */
  boards: boolean;
  onAction(action: HeaderAction): void;
}

/** The project's name, note, cover, the caller's access, its people and what the caller may do. */
export function ProjectHeader({ project, can, boards, onAction }: Props) {
  const { t } = useTranslation('project');
  const members = useMembers(project.id);
  const people = members.data ? [members.data.owner, ...members.data.members.map((m) => m.user)] : [project.owner];
  const styleOn = project.styleOn && project.style !== null;

  const more = [
    can.delete && { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('header.delete') },
    can.leave && { key: 'leave', icon: <LogoutOutlined />, danger: true, label: t('header.leave') },
  ].filter(Boolean) as { key: HeaderAction; icon: React.ReactNode; danger: boolean; label: string }[];

  return (
    <header className="project__head">
      <span className="project__cover">
        {project.coverUrl ? <img src={project.coverUrl} alt="" /> : <ProjectOutlined aria-hidden />}
      </span>
      <div className="project__title-block">
        <div className="project__title-row">
          <Typography.Title level={1} className="project__title" data-testid="project-title">
            {project.name}
          </Typography.Title>
          <Tag color={project.access === 'owner' ? 'green' : 'blue'} data-testid="project-access">
            {t(`role.${project.access}`)}
          </Tag>
          {styleOn && (
            <Tag icon={<BgColorsOutlined />} data-testid="project-style-on">
              {t('header.styleOn')}
            </Tag>
          )}
        </div>
        {project.note && (
          <Typography.Paragraph type="secondary" className="project__note" ellipsis={{ rows: 2, expandable: true }}>
            {project.note}
          </Typography.Paragraph>
        )}
        <button
          type="button"
          className="project__people"
          onClick={() => onAction('members')}
          aria-label={t('header.people', { count: people.length })}
          data-testid="project-people"
        >
          {people.slice(0, PEOPLE_SHOWN).map((p) => (
            <UserAvatar key={p.id} url={p.avatarUrl} name={p.nickname} size={28} className="project__person" />
          ))}
          {people.length > PEOPLE_SHOWN && (
            <span className="project__people-more">+{people.length - PEOPLE_SHOWN}</span>
          )}
        </button>
      </div>
      <div className="project__actions">
        {can.edit && (
          <Button icon={<EditOutlined />} onClick={() => onAction('edit')} data-testid="project-edit">
            {t('header.edit')}
          </Button>
        )}
        <Button icon={<BgColorsOutlined />} onClick={() => onAction('style')} data-testid="project-style">
          {t('header.style')}
        </Button>
        <Button icon={<TeamOutlined />} onClick={() => onAction('members')} data-testid="project-members">
          {t('header.members')}
        </Button>
        {can.share && (
          <Button icon={<ShareAltOutlined />} onClick={() => onAction('share')} data-testid="project-share">
            {t('header.share')}
          </Button>
        )}
        {boards && (
          <Button icon={<FilePdfOutlined />} onClick={() => onAction('board')} data-testid="project-board">
            {t('header.board')}
          </Button>
        )}
        {more.length > 0 && (
          <Dropdown trigger={['click']} menu={{ items: more, onClick: ({ key }) => onAction(key as HeaderAction) }}>
            <Button
              icon={<MoreOutlined />}
              aria-label={t('header.more')}
              title={t('header.more')}
              data-testid="project-more"
            />
          </Dropdown>
        )}
      </div>
    </header>
  );
}
