/** 0 -> "01", 9 -> "10": the running number shown beside list entries and feature cards. */
export const entryNumber = (index: number) => String(index + 1).padStart(2, "0");
