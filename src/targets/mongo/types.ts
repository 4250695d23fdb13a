/** An aggregation stage. */
export type MongoStage = { [stage: string]: unknown };
