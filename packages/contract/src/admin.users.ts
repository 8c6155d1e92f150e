// The console's users: endpoints, schemas and routes (filled in with the page).
export const adminUsersRoutes = {};
