import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { ClueFieldService } from '../clueField';
import type { AutoAssigner } from './autoAssign';
import { ClueBulk } from './bulk';
import { ClueCollaborators } from './collaborators';
import { ClueInteractions } from './interactions';
import { ClueLists } from './lists';
import { ClueMerge } from './merge';
import { ClueMoveLog } from './moveLog';
import { ClueReader } from './reader';
import { ClueRecycleBin } from './recycleBin';
import { ClueSea } from './sea';
import { ClueWriter } from './writer';

/**
 * Leads and customers: the one owner of the clue tables (`ctx.services.clue`). Each job is its own class: reading
 * one lead and its lookups (read), the lists (lists), the writes (write), the recycle bin (bin), collaborators,
 * the interaction log and follow-ups (interactions), the import job's bulk writes (bulk). Other modules call these,
 * or the lookups below, never the tables.
 */
export class Clues {
  readonly read: ClueReader;
  readonly lists: ClueLists;
  readonly write: ClueWriter;
  readonly bin: ClueRecycleBin;
  readonly collaborators: ClueCollaborators;
  readonly interactions: ClueInteractions;
  readonly bulk: ClueBulk;
  /** Moves between owners and the public sea (publicSea, assign, retrieval, merge). */
  readonly sea = new ClueSea();
  /** The move log and unlock events (/clueMonitor, /unlockList, retrieval). */
  readonly moveLog: ClueMoveLog;
  /** Duplicate groups and merging leads into one (merge). */
  readonly merge: ClueMerge;

  constructor(db: Db, fields: ClueFieldService, ctx: AppContext) {
    this.read = new ClueReader(db, fields);
    this.lists = new ClueLists(db, fields);
    this.write = new ClueWriter(db, fields);
    this.bin = new ClueRecycleBin(db, fields);
    this.collaborators = new ClueCollaborators(db);
    this.interactions = new ClueInteractions(db, fields, ctx);
    this.bulk = new ClueBulk(db);
    this.moveLog = new ClueMoveLog(db);
    this.merge = new ClueMerge(db, fields);
  }

  /** New leads (manual creation, import, open API) are given owners by these rules from now on. */
  useAutoAssign(assigner: AutoAssigner): void {
    this.write.autoAssign = assigner;
    this.bulk.autoAssign = assigner;
  }

  // What other modules look up (recording: the lead of a call; calls and messages: the interaction log).

  /** One lead the session may see; 404 otherwise. */
  get: ClueReader['get'] = (...args) => this.read.get(...args);
  /** A live lead of the organisation by id, whoever owns it; null when none. */
  findById: ClueReader['findById'] = (...args) => this.read.findById(...args);
  /** Names of live leads of the organisation by id. */
  namesByIds: ClueReader['namesByIds'] = (...args) => this.read.namesByIds(...args);
  /** The live lead with this phone number (main number first, then further numbers); null when none. */
  findByPhone: ClueReader['findByPhone'] = (...args) => this.read.findByPhone(...args);
  /** findByPhone for many numbers at once (one query): number → lead id. */
  idsByPhones: ClueReader['idsByPhones'] = (...args) => this.read.idsByPhones(...args);
  /** Appends another module's event (a call, a message) to a lead's interaction log. */
  addInteraction: ClueInteractions['addInteraction'] = (...args) => this.interactions.addInteraction(...args);
  /** After a call: the lead's call status, count, last call time and duration. */
  recordCall: ClueWriter['recordCall'] = (...args) => this.write.recordCall(...args);
  /** The AI analysis of a call found a risk (or none): the lead's risk 1 是 / 2 否. */
  setRisk: ClueWriter['setRisk'] = (...args) => this.write.setRisk(...args);
}
