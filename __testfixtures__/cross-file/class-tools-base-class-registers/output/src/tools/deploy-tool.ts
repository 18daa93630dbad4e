import { type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { BaseTool } from './base.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

const schema = z.object({ service: z.string(), version: z.string() });

type DeployToolState = { step: 'confirmed' };
export class DeployTool extends BaseTool<typeof schema.shape> {
  readonly name = 'deploy_service';
  readonly description = 'Deploy a version of a service to production';
  readonly schema = schema;

  protected async execute({ service, version }: z.infer<typeof schema>, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<DeployToolState>(ctx, this.name, { service, version });
    state ??= { step: 'confirmed' };
    const confirmedRequest: ElicitRequestFormParams = this.confirmParams(`Deploy ${service} ${version} to production?`);
    const confirmedAnswer = elicitAnswer(ctx, 'confirmed', confirmedRequest);
    if (confirmedAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirmed: inputRequired.elicit(confirmedRequest),
        },
        requestState: await mrtrState.mint(ctx, this.name, { service, version }, state),
      });
    }
    const confirmed = this.confirmOutcome(confirmedAnswer);
    if (!confirmed) return { content: [{ type: 'text', text: 'Deployment cancelled' }] };
    return { content: [{ type: 'text', text: `${service} ${version} deployed` }] };
  }

  /** The request confirm() asks with (its code before the question). */
  private confirmParams(message: string): ElicitRequestFormParams {
    return {
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
  }

  /** What confirm() does with the answer (its code after the question). */
  private confirmOutcome(answer: ElicitResult): boolean {
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
