/** Identifier quoting for fixture tables and columns: names are used exactly as written (case-sensitive), dotted names as schema.table. */

/** `orders` → `"orders"`, `shop.orders` → `"shop"."orders"`; MySQL/MariaDB quote with backticks. */
export function quoteName(name: string, quote: '"' | '`'): string {
  return name
    .split('.')
    .map((part) => quote + part.split(quote).join(quote + quote) + quote)
    .join('.');
}
