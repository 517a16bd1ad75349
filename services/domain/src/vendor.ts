import {
  vendorNameKey,
  type EventData,
  type NewEvent,
  type StoredEvent,
  type VendorCommand,
  type VendorNameCommand,
  type VendorDocumentKind,
  type VendorStatus,
} from "@procure/contracts";
import { conflict, notFound } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

export type VendorDetails = Omit<EventData<"VendorUpdated">, "vendor_id">;

export type VendorDocumentOnFile = { kind: VendorDocumentKind; expires_on: string | null };

export type VendorState =
  { exists: false } | ({ exists: true; id: string; name: string; status: VendorStatus; documents: Record<string, VendorDocumentOnFile> } & VendorDetails);

export const initialVendorState: VendorState = { exists: false };

export const vendorStreamId = (id: string) => `vendor-${id}`;
/** One stream per vendor name, so that two registrations of one name cannot both succeed. */
export const vendorNameStreamId = (name: string) => `vendor-name-${vendorNameKey(name)}`;

export function evolveVendor(state: VendorState, event: StoredEvent | NewEvent): VendorState {
  if (event.type === "VendorRegistered") {
    const { vendor_id, ...rest } = event.data;
    return { exists: true, id: vendor_id, ...rest, documents: {} };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case "VendorUpdated":
      return { ...state, ...detailsOf(event.data) };
    case "VendorBlocked":
      return { ...state, status: "blocked" };
    case "VendorUnblocked":
      return { ...state, status: "active" };
    case "VendorDocumentAdded":
      return { ...state, documents: { ...state.documents, [event.data.document_id]: { kind: event.data.kind, expires_on: event.data.expires_on } } };
    case "VendorDocumentRemoved": {
      const { [event.data.document_id]: _removed, ...documents } = state.documents;
      return { ...state, documents };
    }
    default:
      return state;
  }
}

function detailsOf(data: VendorDetails): VendorDetails {
  return { risk: data.risk, website: data.website, notes: data.notes, renewal_date: data.renewal_date };
}

export function registerVendor(state: VendorState, vendor: EventData<"VendorRegistered">): NewEvent[] {
  if (state.exists) throw conflict(`A vendor named ${vendor.name} already exists.`);
  return [{ type: "VendorRegistered", data: vendor }];
}

export type VendorChanges = Partial<VendorDetails> & { status?: VendorStatus; reason?: string | null };

/** Detail edits become one VendorUpdated; a status change is its own VendorBlocked / VendorUnblocked. No change, no events. */
export function changeVendor(state: VendorState, changes: VendorChanges): NewEvent[] {
  if (!state.exists) throw notFound("Vendor not found.");
  const details: VendorDetails = {
    risk: changes.risk ?? state.risk,
    website: changes.website === undefined ? state.website : changes.website,
    notes: changes.notes === undefined ? state.notes : changes.notes,
    renewal_date: changes.renewal_date === undefined ? state.renewal_date : changes.renewal_date,
  };
  const events: NewEvent[] = [];
  const detailsChanged = (Object.keys(details) as (keyof VendorDetails)[]).some((k) => details[k] !== state[k]);
  if (detailsChanged) events.push({ type: "VendorUpdated", data: { vendor_id: state.id, ...details } });
  if (changes.status && changes.status !== state.status) {
    const reason = changes.reason ?? null;
    events.push(
      changes.status === "blocked"
        ? { type: "VendorBlocked", data: { vendor_id: state.id, reason } }
        : { type: "VendorUnblocked", data: { vendor_id: state.id, reason } },
    );
  }
  return events;
}

export const vendorDecider: StreamDecider<VendorState, VendorCommand> = {
  streamType: "vendor",
  streamId: vendorStreamId,
  initialState: initialVendorState,
  evolve: evolveVendor,
  // Documents share the stream but not the vendor's form.
  recordEvents: ["VendorRegistered", "VendorUpdated", "VendorBlocked", "VendorUnblocked"],
  decide: (state, command) => {
    switch (command.type) {
      case "RegisterVendor":
        return registerVendor(state, command.vendor);
      case "ChangeVendor":
        return changeVendor(state, command.changes);
      case "AddVendorDocument":
        if (!state.exists) throw notFound("Vendor not found.");
        return [{ type: "VendorDocumentAdded", data: { vendor_id: state.id, ...command.document } }];
      case "RemoveVendorDocument": {
        if (!state.exists) throw notFound("Vendor not found.");
        const onFile = state.documents[command.document_id];
        if (!onFile) throw notFound("Document not found.");
        return [{ type: "VendorDocumentRemoved", data: { vendor_id: state.id, document_id: command.document_id, kind: onFile.kind } }];
      }
    }
  },
};

/** The vendor holding a name, or null while the name is free. */
export type VendorNameState = { holder: string | null };

export const vendorNameDecider: StreamDecider<VendorNameState, VendorNameCommand> = {
  streamType: "vendor",
  streamId: vendorNameStreamId,
  initialState: { holder: null },
  evolve: (state, event) => (event.type === "VendorNameReserved" && state.holder === null ? { holder: event.data.vendor_id } : state),
  decide: (state, { name, vendor_id }) => {
    if (state.holder !== null) throw conflict(`A vendor named ${name} already exists.`);
    return [{ type: "VendorNameReserved", data: { name, vendor_id } }];
  },
};
