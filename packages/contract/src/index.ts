export const hello = (): string => 'hi';
