/** Tag colour of each member status (spec p1 §4: 1 pending, 2 failed, 3 bound, 4 stopped). */
export const STATUS_COLOR: Readonly<Record<string, string>> = { 1: 'processing', 2: 'error', 3: 'success', 4: 'default' };
