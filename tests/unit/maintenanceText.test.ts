import { describe, expect, it } from 'vitest';
import { maintenanceText, type MaintenanceConfig } from '../../machines/maintenance.machine';

const off: MaintenanceConfig = {
  maintenanceMode: false,
  maintenanceModeTitle: 'User title',
  maintenanceModeMessage: 'User message',
  systemMaintenanceMode: false,
  systemMaintenanceModeTitle: 'System title',
  systemMaintenanceModeMessage: 'System message',
};

describe('maintenanceText (SPEC §2 priority)', () => {
  it('nothing without a config or with both modes off', () => {
    expect(maintenanceText(null)).toBeNull();
    expect(maintenanceText(off)).toBeNull();
  });

  it('the user-facing texts when maintenanceMode is on and one of them is non-empty', () => {
    expect(maintenanceText({ ...off, maintenanceMode: true })).toEqual({ title: 'User title', message: 'User message' });
    expect(maintenanceText({ ...off, maintenanceMode: true, systemMaintenanceMode: true })).toEqual({
      title: 'User title',
      message: 'User message',
    });
    expect(maintenanceText({ ...off, maintenanceMode: true, maintenanceModeTitle: '' })).toEqual({
      title: '',
      message: 'User message',
    });
    expect(maintenanceText({ ...off, maintenanceMode: true, maintenanceModeMessage: '' })).toEqual({
      title: 'User title',
      message: '',
    });
  });

  it('the system texts when the user-facing ones are both empty or their mode is off', () => {
    const both = { ...off, maintenanceMode: true, systemMaintenanceMode: true, maintenanceModeTitle: '', maintenanceModeMessage: '' };
    expect(maintenanceText(both)).toEqual({ title: 'System title', message: 'System message' });
    expect(maintenanceText({ ...off, systemMaintenanceMode: true })).toEqual({ title: 'System title', message: 'System message' });
    expect(maintenanceText({ ...off, systemMaintenanceMode: true, systemMaintenanceModeTitle: '' })).toEqual({
      title: '',
      message: 'System message',
    });
  });

  it('nothing when the mode that is on has only empty texts', () => {
    expect(
      maintenanceText({ ...off, maintenanceMode: true, maintenanceModeTitle: '', maintenanceModeMessage: '' }),
    ).toBeNull();
    expect(
      maintenanceText({ ...off, systemMaintenanceMode: true, systemMaintenanceModeTitle: '', systemMaintenanceModeMessage: '' }),
    ).toBeNull();
    // Texts of a mode that is off never show.
    expect(maintenanceText({ ...off, maintenanceMode: false, systemMaintenanceMode: true, systemMaintenanceModeTitle: '', systemMaintenanceModeMessage: '' })).toBeNull();
  });
});
