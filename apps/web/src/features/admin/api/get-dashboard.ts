import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export interface DashboardInput {
  days: number;
  timeZone: string;
}

const getDashboard = (query: DashboardInput) => call(adminDashboardEndpoints.dashboard, { query });

const dashboardQueryKey = (query: DashboardInput) => ['admin', 'dashboard', query.days, query.timeZone] as const;

const dashboardQueryOptions = (query: DashboardInput) =>
  queryOptions({
    queryKey: dashboardQueryKey(query),
    queryFn: () => getDashboard(query),
    retry: false,
    staleTime: 60_000,
  });

/** The dashboard of a period; the previous period's stays on screen while another one loads. */
export const useDashboard = (query: DashboardInput) =>
  useQuery({ ...dashboardQueryOptions(query), placeholderData: keepPreviousData });
