export * from './auth.ts';
export * from './people.ts';
export * from './system.ts';
export * from './elections.ts';
export * from './content.ts';
