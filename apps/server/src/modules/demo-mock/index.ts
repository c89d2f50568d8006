// The demo console's mock API stands alone (own fake users, no database): nothing to export.
export {};
