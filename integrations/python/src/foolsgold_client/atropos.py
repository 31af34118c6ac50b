"""atropos environment helper: score a group of rollouts with foolsgold and build a ScoredDataGroup.

    group = await score_group(prompt, completions, tokenizer=self.tokenizer,
                              group_size=self.config.group_size, max_token_len=self.max_token_len)

It is async and never blocks the environment's event loop (the HTTP call runs in a thread).
`tokens` and `masks` come from the tokenizer you name — a tokenizer object, or a name that
transformers' AutoTokenizer can load — the way atropos' tokenize_for_trainer builds them: the chat
template over the prompt's messages and the assistant completion, with -100 on every prompt token.
The prompt is a string (one user message) or a list of chat messages (a system and a user message
stay two messages). An empty group raises DroppedGroup("structure", …) without calling the server.

atropos' trainer API drops some groups with only a log line. The same rules are applied here, in
atropos' order, and a dropped group raises DroppedGroup(rule, reason) instead of disappearing:
  - "structure": a group without tokens, with a None entry, or whose token count is not group_size;
  - "same_scores": every score equal (when ensure_scores_are_not_same, atropos' default);
  - "token_length": a sequence with max_token_len tokens or more (when max_token_len > 0).
atropos does not drop by finish_reason, so neither does this helper.
"""
import asyncio
from typing import Any, Dict, List, Optional, Tuple

from .client import score_rows


class DroppedGroup(Exception):
    def __init__(self, rule: str, reason: str) -> None:
        super().__init__("%s: %s" % (rule, reason))
        self.rule = rule
        self.reason = reason


def load_tokenizer(tokenizer: Any) -> Any:
    """A tokenizer object as given, or one loaded by name with transformers."""
    if not isinstance(tokenizer, str):
        return tokenizer
    try:
        from transformers import AutoTokenizer
    except ImportError:
        raise RuntimeError("tokenizer %r is a name, and loading it needs the transformers package; pass a tokenizer object instead" % tokenizer) from None
    return AutoTokenizer.from_pretrained(tokenizer)


def _messages(prompt: Any) -> List[Dict[str, str]]:
    if isinstance(prompt, str):
        return [{"role": "user", "content": prompt}]
    return [{"role": m["role"], "content": m["content"]} for m in prompt]


def _prompt_text(prompt: Any) -> str:
    return prompt if isinstance(prompt, str) else "\n".join(m["content"] for m in prompt)


def tokens_and_masks(tokenizer: Any, prompt: Any, completion: str) -> Tuple[List[int], List[int]]:
    """(tokens, masks) for one rollout, prompt tokens masked with -100 (as tokenize_for_trainer)."""
    chat = _messages(prompt) + [{"role": "assistant", "content": completion}]
    if hasattr(tokenizer, "apply_chat_template"):
        tokens = list(tokenizer.apply_chat_template(chat))
        prefix = len(tokenizer.apply_chat_template(chat[:-1], add_generation_prompt=True))
    else:
        tokens = list(tokenizer.encode(_prompt_text(prompt) + completion))
        prefix = len(tokenizer.encode(_prompt_text(prompt)))
    return tokens, [-100] * prefix + tokens[prefix:]


def drop_reason(group: Optional[Dict[str, Any]], group_size: int, max_token_len: int = -1, ensure_scores_are_not_same: bool = True) -> Optional[Tuple[str, str]]:
    """(rule, reason) for a group atropos would drop, or None. The rules of BaseEnv.handle_send_to_api."""
    tokens = group.get("tokens") if group is not None else None
    if group is None or None in group or tokens is None or len(tokens) != group_size:
        have = "no tokens" if tokens is None else "%d token sequences" % len(tokens)
        return "structure", "the group has %s for a group size of %d, so atropos skips it" % (have, group_size)
    if group.get("masks") is None or len(group["masks"]) != len(tokens):
        return "structure", "the group has tokens but no masks of the same count (atropos reads masks for every sequence)"
    scores = group.get("scores") or []
    if ensure_scores_are_not_same and len(set(scores)) == 1:
        return "same_scores", "all %d scores are equal (%r): no advantage signal" % (len(scores), scores[0])
    if max_token_len > 0:
        long = [i for i, t in enumerate(tokens) if len(t) >= max_token_len]
        if long:
            return "token_length", "%d of %d sequences have at least max_token_len=%d tokens (first: #%d, %d tokens)" % (len(long), len(tokens), max_token_len, long[0], len(tokens[long[0]]))
    return None


async def score_group(
    prompt: Any,
    completions: Any,
    tokenizer: Any = None,
    group_size: Optional[int] = None,
    max_token_len: int = -1,
    ensure_scores_are_not_same: bool = True,
    step: Optional[int] = None,
    tokens: Optional[List[List[int]]] = None,
    masks: Optional[List[List[int]]] = None,
) -> Dict[str, Any]:
    """Returns a ScoredDataGroup dict, or raises DroppedGroup for a group atropos would drop."""
    completions = list(completions)
    if not completions:
        raise DroppedGroup("structure", "the group has no completions, so atropos would skip it (nothing was sent to the reward server)")
    rows: List[Dict[str, Any]] = []
    for i, completion in enumerate(completions):
        row = {"id": str(i), "prompt": prompt if isinstance(prompt, str) else _messages(prompt), "output": completion, "group_id": "group"}
        if step is not None:
            row["step"] = int(step)
        rows.append(row)
    scored = await asyncio.to_thread(score_rows, rows)
    group: Dict[str, Any] = {
        "scores": [r["score"]["value"] for r in scored],
        "messages": [_messages(prompt) + [{"role": "assistant", "content": c}] for c in completions],
    }
    if tokenizer is not None:
        tok = load_tokenizer(tokenizer)
        pairs = [tokens_and_masks(tok, prompt, c) for c in completions]
        group["tokens"] = [t for t, _ in pairs]
        group["masks"] = [m for _, m in pairs]
    elif tokens is not None:
        group["tokens"] = tokens
        group["masks"] = masks
    dropped = drop_reason(group, group_size if group_size is not None else len(completions), max_token_len, ensure_scores_are_not_same)
    if dropped:
        raise DroppedGroup(*dropped)
    return group
