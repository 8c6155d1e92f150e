import { z } from 'zod';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { page } from './paging.ts';
import {
  commentBody,
  imageId,
  okAnswer,
  personSummary,
  pin,
  PROJECT_LIMITS,
  PROJECT_ROLES,
  projectComment,
  projectDetail,
  projectId,
  projectListQuery,
  projectMember,
  projectNameField as projectName,
  projectStyle,
  projectSummary,
  projectVersion,
  projectView,
  REVIEW_LINK_EXPIRY_DAYS,
  reviewLink,
  viewId,
  viewNameField as viewName,
} from './project.ts';
import { projectEndpoints } from './project.endpoints.ts';
import { route } from './route.ts';

export const projectRoutes = {
  projects: route({
    ...projectEndpoints.projects,
    query: projectListQuery,
    response: page(projectSummary),
    summary: 'The projects the caller owns or is a member of, searched, filtered and sorted, keyset-paged',
  }),
  project: route({
    ...projectEndpoints.project,
    query: z.object({ id: projectId }),
    response: projectDetail,
    summary: 'One project with its views and their current versions (members only)',
  }),
  projectCreate: route({
    ...projectEndpoints.projectCreate,
    body: z
      .object({
        name: projectName,
        note: textField(PROJECT_LIMITS.noteMax).default(''),
        views: z.array(viewName).max(PROJECT_LIMITS.viewsPerProject, 'VIEW_LIMIT').default([]),
      })
      .strict(),
    response: projectDetail,
    summary: 'Creates a project, with the named views',
  }),
  projectUpdate: route({
    ...projectEndpoints.projectUpdate,
    body: z
      .object({
        id: projectId,
        name: projectName.optional(),
        note: textField(PROJECT_LIMITS.noteMax).optional(),
        coverImageId: imageId.nullable().optional(),
      })
      .strict(),
    response: projectDetail,
    summary: 'Renames a project, edits its note or chooses its cover (editors and the owner)',
  }),
  projectDelete: route({
    ...projectEndpoints.projectDelete,
    body: z.object({ id: projectId }).strict(),
    response: okAnswer,
    summary: 'Deletes a project (the owner only); its images stay in their folders',
  }),
  projectFromFolder: route({
    ...projectEndpoints.projectFromFolder,
    body: z.object({ folderId: z.uuid('FOLDER_NOT_FOUND'), name: projectName.optional(), viewName }).strict(),
    response: projectDetail,
    summary: 'Turns a folder into a project: one view holding the folder’s images (the folder stays)',
  }),
  projectLeave: route({
    ...projectEndpoints.projectLeave,
    body: z.object({ id: projectId }).strict(),
    response: okAnswer,
    summary: 'Leaves a project the caller is a member of',
  }),
  viewCreate: route({
    ...projectEndpoints.viewCreate,
    body: z.object({ projectId, name: viewName }).strict(),
    response: projectView,
    summary: 'Adds a view to a project (editors and the owner)',
  }),
  viewUpdate: route({
    ...projectEndpoints.viewUpdate,
    body: z
      .object({ id: viewId, name: viewName.optional(), sort: z.number().int().min(0).max(1000).optional() })
      .strict(),
    response: projectView,
    summary: 'Renames or moves a view',
  }),
  viewDelete: route({
    ...projectEndpoints.viewDelete,
    body: z.object({ id: viewId }).strict(),
    response: okAnswer,
    summary: 'Deletes a view; its images stay in their folders',
  }),
  versions: route({
    ...projectEndpoints.versions,
    query: z.object({ viewId }),
    response: z.object({ versions: z.array(projectVersion) }),
    summary: 'Every image of a view, oldest first, with what each came from (the version tree)',
  }),
  versionAdd: route({
    ...projectEndpoints.versionAdd,
    body: z.object({ viewId, imageId, kind: z.enum(['base', 'result']).default('base') }).strict(),
    response: projectVersion,
    summary: 'Adds one of the caller’s images to a view (a sketch, white model or photo, or an earlier result)',
  }),
  versionCurrent: route({
    ...projectEndpoints.versionCurrent,
    body: z.object({ viewId, imageId }).strict(),
    response: projectView,
    summary: 'Makes a version the view’s current one',
  }),
  versionStar: route({
    ...projectEndpoints.versionStar,
    body: z.object({ viewId, imageId, starred: z.boolean() }).strict(),
    response: projectVersion,
    summary: 'Stars a version as a pick, or takes the star off',
  }),
  versionRemove: route({
    ...projectEndpoints.versionRemove,
    body: z.object({ viewId, imageId }).strict(),
    response: okAnswer,
    summary: 'Takes an image out of a view (it stays in its folder)',
  }),
  styleSet: route({
    ...projectEndpoints.styleSet,
    body: z.object({ projectId, style: projectStyle.nullable(), styleOn: z.boolean() }).strict(),
    response: projectDetail,
    summary: 'Sets the project’s style and whether tasks in it use it',
  }),
  members: route({
    ...projectEndpoints.members,
    query: z.object({ projectId }),
    response: z.object({ owner: personSummary, members: z.array(projectMember) }),
    summary: 'Who works on a project',
  }),
  memberAdd: route({
    ...projectEndpoints.memberAdd,
    body: z
      .object({
        projectId,
        /** An e-mail address or a username. */
        who: textField(254, 'MEMBER_USER_NOT_FOUND').pipe(z.string().min(1, 'MEMBER_USER_NOT_FOUND')),
        role: z.enum(PROJECT_ROLES),
      })
      .strict(),
    response: projectMember,
    summary: 'Invites a user by e-mail or username (the owner only); they are told in the app and by e-mail',
  }),
  memberRole: route({
    ...projectEndpoints.memberRole,
    body: z.object({ projectId, userId: z.uuid('MEMBER_NOT_FOUND'), role: z.enum(PROJECT_ROLES) }).strict(),
    response: projectMember,
    summary: 'Changes a member’s role (the owner only)',
  }),
  memberRemove: route({
    ...projectEndpoints.memberRemove,
    body: z.object({ projectId, userId: z.uuid('MEMBER_NOT_FOUND') }).strict(),
    response: okAnswer,
    summary: 'Removes a member (the owner only); their access ends at once',
  }),
  comments: route({
    ...projectEndpoints.comments,
    query: z.object({ projectId, imageId: imageId.optional() }),
    response: z.object({ comments: z.array(projectComment) }),
    summary: 'The comments of a project (or of one image), oldest first',
  }),
  commentCreate: route({
    ...projectEndpoints.commentCreate,
    body: z.object({ projectId, imageId, ...pin, body: commentBody }).strict(),
    response: projectComment,
    summary: 'Pins a comment at a point of an image (commenters, editors and the owner)',
  }),
  commentResolve: route({
    ...projectEndpoints.commentResolve,
    body: z.object({ id: z.uuid('COMMENT_NOT_FOUND'), resolved: z.boolean() }).strict(),
    response: projectComment,
    summary: 'Marks a comment resolved or open again (editors and the owner)',
  }),
  commentDelete: route({
    ...projectEndpoints.commentDelete,
    body: z.object({ id: z.uuid('COMMENT_NOT_FOUND') }).strict(),
    response: okAnswer,
    summary: 'Deletes a comment (its author or the owner)',
  }),
  reviewLinks: route({
    ...projectEndpoints.reviewLinks,
    query: z.object({ projectId }),
    response: z.object({ links: z.array(reviewLink) }),
    summary: 'The project’s review links (the owner only)',
  }),
  reviewLinkCreate: route({
    ...projectEndpoints.reviewLinkCreate,
    body: z
      .object({
        projectId,
        label: textField(PROJECT_LIMITS.nameMax).default(''),
        expiresInDays: z
          .union(REVIEW_LINK_EXPIRY_DAYS.map((d) => z.literal(d)))
          .nullable()
          .default(null),
        password: z
          .string()
          .min(PROJECT_LIMITS.reviewPasswordMin, 'REVIEW_PASSWORD_SHORT')
          .max(PROJECT_LIMITS.reviewPasswordMax, 'REVIEW_PASSWORD_SHORT')
          .refine(isStorableText, INVALID_CHAR)
          .optional(),
      })
      .strict(),
    response: z.object({
      link: reviewLink,
      /** The link's secret: shown once (only its digest is kept); the page is `#/review/<token>`. */
      token: z.string(),
    }),
    summary: 'Makes a review link (the owner only); its token is in this answer only',
  }),
  reviewLinkRevoke: route({
    ...projectEndpoints.reviewLinkRevoke,
    body: z.object({ id: z.uuid('REVIEW_LINK_INVALID') }).strict(),
    response: okAnswer,
    summary: 'Revokes a review link: it and the image addresses it handed out stop working at once',
  }),
};
