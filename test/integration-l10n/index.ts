/** The localization suite inside an extension host started in another display language. */
import { runExtensionHostSuite } from '../support/extensionHostSuite';

export function run(): Promise<void> {
  return runExtensionHostSuite(__dirname, `integration-${process.env.BAKERS_GAME_TEST_LOCALE ?? 'unknown'}`);
}
