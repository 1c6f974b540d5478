/** The health module's public surface: its settings (the app registers its routes.ts). */
export { DEFAULT_HEALTH_CONFIG, readHealthConfig, type HealthConfig } from './health-config.ts';
