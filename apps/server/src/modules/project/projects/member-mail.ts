import type { Locale, ProjectRole } from '@turing/contract';

const ROLE: Record<ProjectRole, Record<Locale, string>> = {
  viewer: { en: 'a viewer (you can look at its views and versions)', zh: '查看者（可查看视图和版本）' },
  commenter: { en: 'a commenter (you can also pin comments)', zh: '评论者（还可以在图片上添加评论）' },
  editor: { en: 'an editor (you can also generate and choose versions)', zh: '编辑者（还可以生成图片和选择版本）' },
};

/**
 * The notice sent to someone added to a project, in the language of the person who added them. It
 * names the project and the role, and says where to find it; nothing of the project's images.
 */
export function memberAddedMail(input: {
  projectName: string;
  inviter: string;
  role: ProjectRole;
  locale: Locale;
  link: string;
}) {
  const { projectName, inviter, role, link } = input;
  if (input.locale === 'zh') {
    return {
      subject: `${inviter} 邀请您加入 Turing Design 项目“${projectName}”`,
      text: [
        '您好：',
        `${inviter} 已将您加入 Turing Design 项目“${projectName}”，身份为${ROLE[role].zh}。`,
        `登录后可在“工作台”的项目中找到它，或直接打开：${link}`,
        '如您不认识对方，可以在项目中选择退出。请勿直接回复本邮件。',
        '—— Turing Design',
      ].join('\n\n'),
    };
  }
  return {
    subject: `${inviter} added you to the Turing Design project "${projectName}"`,
    text: [
      'Hello,',
      `${inviter} added you to the Turing Design project "${projectName}" as ${ROLE[role].en}.`,
      `Log in to find it among the projects of your Workspace, or open it directly: ${link}`,
      'If you do not know them, you can leave the project from its page. Please do not reply to this e-mail.',
      '— Turing Design',
    ].join('\n\n'),
  };
}
