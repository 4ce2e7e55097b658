import type { ApplicationDescriptions } from '../application-descriptions.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import type { Messaging } from '../notifications/messaging.ts';
import type { LookedUpPlatform } from '../reach/look-up.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { ReviewRepository } from './review-repository.ts';

/** What the workspace's route plugins work with; each takes the part it needs. */
export type ReviewSources = {
  /** The title of a call, by its slug. */
  callTitle: (slug: string) => string;
  /** The platforms whose accounts the server looks up (it has the organisation's credentials). */
  reachLookUps: readonly LookedUpPlatform[];
  database: Database;
  repository: ApplicationsRepository;
  reviews: ReviewRepository;
  descriptions: ApplicationDescriptions;
  audit: AuditLog;
  messaging: Messaging;
};
