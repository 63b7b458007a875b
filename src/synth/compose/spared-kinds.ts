// The shape of the reasons a work gives for sparing a kind of record (spared-data.ts), shared by its data modules.

/** One reason, or several a practitioner would give. */
export type Reasons = string | readonly string[];
// per act: field → value → reasons
export type ByAct = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Reasons>>>>>>;
