import { useMutation } from '@tanstack/react-query';
import { communityEndpoints, type communityRoutes, type RouteBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

type ReportInput = RouteBody<typeof communityRoutes.report>;

const reportWork = (body: ReportInput) => call(communityEndpoints.report, { body });

/** Reports a work to the operators; failures are toasted by the app. */
export const useReportWork = () => useMutation({ mutationFn: reportWork });
