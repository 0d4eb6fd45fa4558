// What the maintenance screen says (SPEC §2), shared by the maintenance chart and the server's maintenance page.

/** The maintenance settings (GET /maintenance), as the maintenance screen and page read them. */
export interface MaintenanceConfig {
  maintenanceMode: boolean;
  maintenanceModeTitle: string;
  maintenanceModeMessage: string;
  systemMaintenanceMode: boolean;
  systemMaintenanceModeTitle: string;
  systemMaintenanceModeMessage: string;
}

/** The maintenance screen's title and message: the operator's maintenance first, then the system's; null if neither says anything. */
export function maintenanceText(config: MaintenanceConfig | null): { title: string; message: string } | null {
  if (!config) return null;
  if (config.maintenanceMode && (config.maintenanceModeTitle || config.maintenanceModeMessage)) {
    return { title: config.maintenanceModeTitle, message: config.maintenanceModeMessage };
  }
  if (config.systemMaintenanceMode && (config.systemMaintenanceModeTitle || config.systemMaintenanceModeMessage)) {
    return { title: config.systemMaintenanceModeTitle, message: config.systemMaintenanceModeMessage };
  }
  return null;
}
