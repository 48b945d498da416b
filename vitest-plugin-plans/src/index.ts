/** The plan engine's public entry. */
export {};
