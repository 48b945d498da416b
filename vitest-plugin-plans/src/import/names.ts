/**
 * Names an importer invents must load: task names are unique and use
 * letters, digits, `-`, `_`, `.`; env names are identifiers (plan-format.md
 * "Tasks", "Top level"). Collections and request files name things freely
 * ("Get user / by id"), so names are slugged and de-duplicated here, once.
 */

/** A task-name slug: `Users / Get by id` → `users.get-by-id` when joined with `.`. */
export function slugTaskName(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug || 'request';
}

/** Hands out unique task names: the second `get-user` becomes `get-user-2`. */
export function createTaskNamer(): (wanted: string) => string {
  const used = new Set<string>();
  return (wanted) => {
    const base = slugTaskName(wanted);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  };
}

/** An env-name identifier: `base-url` → `base_url`, `2fa` → `_2fa`. */
export function envIdentifier(text: string): string {
  let id = text.replace(/[^A-Za-z0-9_]+/g, '_');
  if (!/^[A-Za-z_]/.test(id)) id = `_${id}`;
  return id;
}
