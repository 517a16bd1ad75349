import * as domain from "@procure/domain";
import type { Aggregate } from "./aggregate.ts";

export const categoryAggregate: Aggregate<domain.CategoryState> = {
  streamType: "category",
  streamId: domain.categoryStreamId,
  evolve: domain.evolveCategory,
  initial: domain.initialCategoryState,
};

export const itemAggregate: Aggregate<domain.ItemState> = {
  streamType: "catalogue",
  streamId: domain.catalogueItemStreamId,
  evolve: domain.evolveItem,
  initial: domain.initialItemState,
};

export const feedAggregate: Aggregate<domain.FeedState> = {
  streamType: "catalogue",
  streamId: domain.vendorFeedStreamId,
  evolve: domain.evolveFeed,
  initial: domain.initialFeedState,
};

export const punchoutAggregate: Aggregate<domain.PunchoutState> = {
  streamType: "catalogue",
  streamId: domain.punchoutStreamId,
  evolve: domain.evolvePunchout,
  initial: domain.initialPunchoutState,
};

export const ruleAggregate: Aggregate<domain.RuleState> = {
  streamType: "rule",
  streamId: domain.ruleStreamId,
  evolve: domain.evolveRule,
  initial: domain.initialRuleState,
};

export const workOrderAggregate: Aggregate<domain.WorkOrderState> = {
  streamType: "work-order",
  streamId: domain.workOrderStreamId,
  evolve: domain.evolveWorkOrder,
  initial: domain.initialWorkOrderState,
};
