import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { createUserBody, emailTakenMessage, passwordMinLength, roles, type CreateUserBody, type Role } from "@procure/contracts";
import { ApiError } from "@/lib/api-client";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { serverFieldError } from "@/lib/server-field-error";
import { useCreateUser } from "../api/create-user";
import { TemporaryPassword } from "./temporary-password";

export const inviteFailedMessage = "Could not create the account. Please try again.";

type Values = { email: string; role: Role; password: string };
const fields = ["email", "role", "password"] as const;
const blank: Values = { email: "", role: "requester", password: "" };
const resolver = zodResolver(createUserBody) as unknown as Resolver<Values, unknown, CreateUserBody>;

/** What the admin must pass on: the generated password exists only here, until the drawer closes. */
type Created = { email: string; role: Role; temporaryPassword: string | null };

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function InviteUserDrawer({ open, onOpenChange }: Props) {
  const create = useCreateUser();
  const [created, setCreated] = useState<Created | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, CreateUserBody>({ resolver, defaultValues: blank });
  const { errors } = formState;
  const { idOf, aria } = formFieldIds<(typeof fields)[number]>("invite", (name) => errors[name]?.message);

  const forgetAnswer = create.reset;

  // Opening starts a fresh invitation and closing forgets the last one, password included (the mutation's too).
  useEffect(() => {
    reset(blank);
    setCreated(null);
    setFormError(null);
    forgetAnswer();
  }, [open, reset, forgetAnswer]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    // Whatever the admin typed or the server made up, the member replaces it at first sign-in.
    create.mutate(
      { ...body, mustChangePassword: true },
      {
        onSuccess: ({ user, temporaryPassword }) => {
          toast.success("Account created", { description: user.email });
          // A password the admin typed is already known to them; only a generated one is worth showing.
          setCreated({ email: user.email, role: user.role, temporaryPassword: body.password ? null : (temporaryPassword ?? null) });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setError("email", { type: "server", message: emailTakenMessage }, { shouldFocus: true });
            toast.error(emailTakenMessage);
            return;
          }
          const { field, message } = serverFieldError(error, fields);
          // A refusal of one field (a password easy to guess) is said by that field: nothing failed to be fixed elsewhere.
          if (field && error instanceof ApiError && error.status === 400) return setError(field, { type: "server", message }, { shouldFocus: true });
          setFormError(inviteFailedMessage);
          toast.error(inviteFailedMessage);
        },
      },
    );
  });

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={created ? "Account created" : "Invite user"}
      description={created ? `${created.email} can now sign in as ${created.role}.` : "Create an account for a colleague and choose what they can do."}
      footer={
        created ? (
          <button type="button" className="btn btn-primary" onClick={() => onOpenChange(false)}>
            Done
          </button>
        ) : (
          <DrawerActions
            formId="invite-user-form"
            submitLabel="Create account"
            onCancel={() => onOpenChange(false)}
            saving={create.isPending}
            savingLabel="Creating…"
          />
        )
      }
    >
      {created ? (
        <TemporaryPassword email={created.email} password={created.temporaryPassword} />
      ) : (
        <form id="invite-user-form" className="stack set-form" onSubmit={onSubmit} noValidate>
          <FormField id={idOf("email")} label="Work email" error={errors.email?.message}>
            <input className="input" type="email" autoComplete="off" autoFocus {...aria("email")} {...register("email")} />
          </FormField>
          <FormField id={idOf("role")} label="Role" error={errors.role?.message}>
            <select className="select" {...aria("role")} {...register("role")}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={idOf("password")}
            label="Password"
            qualifier="optional"
            hint={`Leave blank and a temporary password is generated for you to pass on. One you type needs at least ${passwordMinLength} characters and must be hard to guess.`}
            error={errors.password?.message}
          >
            <input className="input" type="password" autoComplete="new-password" {...aria("password", true)} {...register("password")} />
          </FormField>
          <FormError message={formError} />
        </form>
      )}
    </Drawer>
  );
}
