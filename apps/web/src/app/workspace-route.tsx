import { useState } from 'react';
import { ProjectOutlined } from '@ant-design/icons';
import type { Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { FolderToProjectModal } from '../features/project/components/folder-to-project-modal.tsx';
import { ProjectsPanel } from '../features/project/components/projects-panel.tsx';
import { WorkspacePage } from '../features/workspace/pages/workspace-page.tsx';

/** The workspace with the projects composed in: a tab beside the folders, and "Turn into a project". */
export function WorkspaceRoute() {
  const { t } = useTranslation('project');
  const [folder, setFolder] = useState<Folder | null>(null);
  return (
    <>
      <WorkspacePage
        projects={{ label: t('list.tab'), icon: <ProjectOutlined />, content: <ProjectsPanel /> }}
        folderAction={{ label: t('fromFolder.action'), icon: <ProjectOutlined />, run: setFolder }}
      />
      <FolderToProjectModal folder={folder} onClose={() => setFolder(null)} />
    </>
  );
}
