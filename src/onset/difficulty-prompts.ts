// The default task prompts of `generation-difficulty` when no --prompts file is given: everyday
// instruction-following tasks written for this project (the seed does not publish its 300 prompts).
// None asks for any bias's feature; the bias request is appended to each.
export const DIFFICULTY_PROMPTS: readonly string[] = [
  "Explain how a bicycle's gears make climbing a hill easier.",
  "Write a short note to a neighbour asking them to water your plants next week.",
  "Describe the water cycle for a ten-year-old.",
  "Give three tips for keeping a sourdough starter alive.",
  "Summarise the plot of a detective story you invent, in one paragraph.",
  "Explain the difference between weather and climate.",
  "Write a product description for a plain ceramic coffee mug.",
  "How do I convert a recipe that serves four so that it serves six?",
  "Describe a quiet morning in a small fishing village.",
  "Explain why the sky looks blue during the day.",
  "Write an email to a colleague moving a meeting from Tuesday to Thursday.",
  "What should someone pack for a two-day hike in autumn?",
  "Explain what a compound interest rate means, with a small example.",
  "Write a short poem about a train station at night.",
  "Give advice to someone starting to learn the guitar as an adult.",
  "Describe how to change a flat tyre on a car.",
  "Explain what photosynthesis produces and why it matters.",
  "Write a review of an imaginary neighbourhood bakery.",
  "Compare reading a paper book with reading on a screen.",
  "Explain how to make a simple budget for a month.",
  "Describe the rules of tic-tac-toe to someone who has never played.",
  "Write a thank-you message to a teacher at the end of the school year.",
  "Explain how vaccines train the immune system.",
  "Suggest a plan for a rainy Saturday with two young children.",
];
