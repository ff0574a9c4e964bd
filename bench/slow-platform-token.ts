/** The one access token S6's slow platform accepts (seeded as the connection's credentials). */
export const SLOW_PLATFORM_TOKEN = 'bench-access-token';
