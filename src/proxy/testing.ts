// test support: a 3-turn tool-calling episode as token ids (system+user, then tool results between turns; 99 ends a turn)

export const P1 = [1, 2, 3, 4, 5];
export const R1 = [10, 11, 12, 99];
export const LP1 = [-0.1, -0.2, -0.3, -0.01];
export const T2 = [20, 21, 22]; // "<tool_response>…</tool_response><|im_start|>assistant"
export const R2 = [13, 14, 99];
export const LP2 = [-0.4, -0.5, -0.02];
export const T3 = [23, 24];
export const R3 = [15, 99];
export const LP3 = [-0.6, -0.03];
export const P2 = [...P1, ...R1, ...T2];
export const P3 = [...P2, ...R2, ...T3];
