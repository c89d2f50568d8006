/** The scale contracts the engine reads, from the shared contracts package. */
export * from '@psy/contracts';
