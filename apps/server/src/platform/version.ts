/** The server's version, as health checks and the API description report it. */
export const VERSION = '0.1.0';
