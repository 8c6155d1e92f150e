// Banners and preset pictures as operators manage them (filled in with the content page).
export const contentAdminRoutes = {};
