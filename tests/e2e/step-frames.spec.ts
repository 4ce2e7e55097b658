import { expect, test } from '@playwright/test';
import { readStepFrames, startStepFrames } from '../support/step-frames.ts';
import {
  continueButton,
  fillGeneralInformation,
  openWizard,
} from '../support/wizard.ts';

test("never paints a step's heading without all of its fields, from Welcome and from General Information", async ({
  page,
}) => {
  await openWizard(page);
  await startStepFrames(page, 'General Information');
  await continueButton(page).click();
  const general = await readStepFrames(page, 'General Information');
  expect(general).toMatchObject({ isOneFrame: true, fieldCount: 12 });

  await fillGeneralInformation(page);
  await startStepFrames(page, 'More Details');
  await continueButton(page).click();
  const details = await readStepFrames(page, 'More Details');
  expect(details).toMatchObject({ isOneFrame: true, fieldCount: 27 });
});
