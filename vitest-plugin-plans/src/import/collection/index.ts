/**
 * `runner import collection <file>`: a Postman collection (v2.0 or v2.1,
 * read through the `postman-collection` SDK so both shapes read alike) →
 * a plan with one task per request, named by its folder path
 * (`users.admin.get-user`). What becomes what is documented in
 * docs/import-collection-curl.md; the pieces live beside this file
 * (variables, auth, body, pm-script, request).
 */
import { createTaskNamer, slugTaskName } from '../names.js';
import { ImportInputError, type Importer, type ImportReport, type TaskDoc } from '../types.js';
import { AuthTranslator, type AuthOwner } from './auth.js';
import { readCollectionJson } from './read.js';
import { translateRequest, type RequestContext, type ScriptOwner } from './request.js';
import { postmanSdk, type PmGroup, type PmItem, type PmPair } from './sdk.js';
import { SECRET_NAME, VariableScope, type CollectionVariable, type Notes } from './variables.js';

/**
 * Translates a Postman collection.
 * @example importCollection({ text: readFileSync('api.postman_collection.json', 'utf8'), file, dir, args: [] })
 */
export const importCollection: Importer = (input) => {
  const json = readCollectionJson(input.text);
  const sdk = postmanSdk();
  let collection;
  try {
    collection = new sdk.Collection(json);
  } catch (e) {
    // The SDK throws on shapes the schema forbids (an auth list that is not a list, …).
    throw new ImportInputError(`not a Postman collection the SDK can read: ${(e as Error).message}`);
  }
  const notes: Notes = { added: [], notTranslated: [] };
  const vars = new VariableScope(notes, collectionVariables(collection.variables.all().map((v) => v.toJSON()), json.variable));
  const ctx: RequestContext = { vars, auth: new AuthTranslator(vars, notes), notes, reported: new Set() };
  const namer = createTaskNamer();
  const tasks: TaskDoc[] = [];

  const walk = (group: PmGroup, names: string[], authOwners: AuthOwner[], scriptOwners: ScriptOwner[]) => {
    for (const child of group.items.all()) {
      const path = [...names, child.name ?? ''];
      const where = path.join(' / ');
      if (sdk.ItemGroup.isItemGroup(child)) {
        const folder = `folder ${JSON.stringify(where)}`;
        walk(child, path, [{ auth: child.auth, where: folder }, ...authOwners], [...scriptOwners, { events: child.events.all(), where: folder }]);
        continue;
      }
      const item = child as PmItem;
      const wanted = path.map((n) => slugTaskName(n)).join('.');
      const task = namer(wanted);
      // Two requests of one name in one folder: the task name tells them apart.
      const request = `request ${JSON.stringify(where)}${task === wanted ? '' : ` (task ${task})`}`;
      const doc = translateRequest(item, {
        task,
        where: request,
        authOwners: [{ auth: item.request.auth, where: request }, ...authOwners],
        scriptOwners: [...scriptOwners, { events: item.events.all(), where: request }],
      }, ctx);
      if (doc) tasks.push(doc);
    }
  };
  const top = 'the collection';
  walk(collection, [], [{ auth: collection.auth, where: top }], [{ events: collection.events.all(), where: top }]);

  if (tasks.length === 0) throw new ImportInputError('the collection holds no request to import');
  const env = vars.envDoc();
  const report: ImportReport = { plan: { ...(env ? { env } : {}), tasks }, added: notes.added, notTranslated: notes.notTranslated };
  return report;
};

/**
 * The enabled collection variables. The SDK turns the `secret` type into
 * `any`, so the type is read from the file itself, by key.
 */
function collectionVariables(list: PmPair[], raw: unknown): CollectionVariable[] {
  const secretKeys = new Set<string>();
  if (Array.isArray(raw)) {
    for (const v of raw) if (v && typeof v === 'object' && (v as PmPair).type === 'secret') secretKeys.add(String((v as PmPair).key ?? (v as { id?: string }).id));
  }
  return list
    .filter((v) => !v.disabled && (v.key ?? '') !== '')
    .map((v) => ({ key: v.key!, value: v.value, secret: secretKeys.has(v.key!) || SECRET_NAME.test(v.key!) }));
}
