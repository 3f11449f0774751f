import {
  NOTIFICATION_EMAIL_SWITCHES,
  type NotificationEmailSwitch,
  type NotificationEmailsDto,
} from '@canopy/shared';

// Each login's e-mail switch per kind of notification (decision 251), stored as the switches turned
// off, so every switch starts on. A mail of a kind goes out only while its switch is on, on top of
// whatever SPEC's own settings already ask of that mail.

export const emailSwitchOn = (row: { emailSwitchesOff: string[] }, name: NotificationEmailSwitch): boolean =>
  !row.emailSwitchesOff.includes(name);

export const presentEmailSwitches = (row: { emailSwitchesOff: string[] }): NotificationEmailsDto =>
  Object.fromEntries(
    NOTIFICATION_EMAIL_SWITCHES.map((name) => [name, emailSwitchOn(row, name)]),
  ) as NotificationEmailsDto;

/** The switches off after an update that names some of them; the others stay as they were. */
export function switchesOffAfter(
  row: { emailSwitchesOff: string[] },
  update: Partial<Record<NotificationEmailSwitch, boolean>> | undefined,
): string[] {
  if (!update) return row.emailSwitchesOff;
  return NOTIFICATION_EMAIL_SWITCHES.filter((name) => (update[name] ?? emailSwitchOn(row, name)) === false);
}
