// The console's dashboard: endpoints, schemas and routes (filled in with the page).
export const adminDashboardRoutes = {};
